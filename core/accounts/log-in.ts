import { AppError, fieldError } from "../errors.ts";
import { getSchool } from "../school/get-school.ts";
import { parseInput } from "../validation.ts";
import type { AccountServices } from "./account-services.ts";
import { findUserByEmail } from "./find-user.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import { loginSchema } from "./schemas.ts";
import { createSession } from "./sessions.ts";

/**
 * Checks credentials and opens a new session (a fresh token: the session rotates at every login).
 * The answer is the same whether the e-mail is unknown or the password wrong.
 */
export async function logIn(services: AccountServices, input: unknown, client: { ip: string; userAgent: string }) {
  const school = await getSchool(services.db);
  if (!school) throw new AppError("setup_required");
  const data = parseInput(loginSchema, input);
  await services.throttle.assertAllowed(data.email, client.ip);

  const user = await findUserByEmail(services.db, data.email);
  const ok = await verifyPassword(data.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !ok) {
    await services.throttle.recordFailure(data.email, client.ip);
    throw fieldError("email", "accounts:failed");
  }
  // Admins can always log in, so the owner cannot lock themselves out with the switch.
  if (!school.login_enabled && user.role !== "admin") {
    throw new AppError("unavailable", { messageKey: "accounts:login_disabled" });
  }
  await services.throttle.recordSuccess(data.email, client.ip);
  const { token, session } = await createSession(services.db, { userId: user.id, days: services.sessionDays, ...client });
  return { user, token, session };
}
