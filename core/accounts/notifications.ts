import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import type { Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { getOwnAccount } from "./own-account.ts";
import { defaultNotifications, type NotificationPreferences, notificationsSchema } from "./schemas.ts";

export function readNotifications(user: Pick<User, "email_notifications">): NotificationPreferences {
  try {
    return { ...defaultNotifications, ...(JSON.parse(user.email_notifications) as Partial<NotificationPreferences>) };
  } catch {
    return { ...defaultNotifications };
  }
}

export async function updateNotifications(db: Db, actor: Actor, input: unknown): Promise<NotificationPreferences> {
  const user = await getOwnAccount(db, actor);
  const data = parseInput(notificationsSchema, input);
  const next = { ...readNotifications(user), ...data };
  await db
    .updateTable("users")
    .set({ email_notifications: JSON.stringify(next), updated_at: nowIso() })
    .where("id", "=", user.id)
    .execute();
  return next;
}
