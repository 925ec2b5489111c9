import type { User } from "#platform/db/schema.ts";
import { readNotifications } from "./notifications.ts";

/** The user state the spec's client reads (§3 "User state"); 'App\User' marks an admin. */
export function publicUser(user: User) {
  return {
    id: user.id,
    type: user.role === "admin" ? "App\\User" : "App\\Student",
    role: user.role,
    email: user.email,
    name: user.name,
    avatar: null as string | null,
    email_notification: readNotifications(user),
  };
}

export type PublicUser = ReturnType<typeof publicUser>;
