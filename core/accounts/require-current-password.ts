import type { User } from "#platform/db/schema.ts";
import { fieldError } from "../errors.ts";
import { verifyPassword } from "./passwords.ts";

/** Changing the e-mail or the password re-authenticates with the current password. */
export async function requireCurrentPassword(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.password_hash))) {
    throw fieldError("current_password", "accounts:wrong_password");
  }
}
