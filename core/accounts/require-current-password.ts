import type { User } from "#platform/db/schema.ts";
import { fieldError } from "../errors.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import { verifyPassword } from "./passwords.ts";

/**
 * Changing the e-mail or the password re-authenticates with the current password. The check is a password
 * guess like a login, so it is throttled the same way: counted before the hash, given back when right.
 */
export async function requireCurrentPassword(throttle: LoginThrottle, user: User, password: string): Promise<void> {
  await throttle.takePasswordCheck(user.id);
  if (!(await verifyPassword(password, user.password_hash))) {
    throw fieldError("current_password", "accounts:wrong_password");
  }
  await throttle.refundPasswordCheck(user.id);
}
