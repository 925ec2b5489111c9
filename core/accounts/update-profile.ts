import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { ownAccountId } from "./own-account.ts";
import { parseInput } from "../validation.ts";
import { updateProfileSchema } from "./schemas.ts";

export async function updateProfile(db: Db, actor: Actor, input: unknown): Promise<void> {
  const userId = ownAccountId(actor);
  const data = parseInput(updateProfileSchema, input);
  await db.updateTable("users").set({ name: data.name, updated_at: nowIso() }).where("id", "=", userId).execute();
}
