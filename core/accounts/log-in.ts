import { nowIso } from "#platform/db/connection.ts";
import { AppError, fieldError } from "../errors.ts";
import { getSchool } from "../school/get-school.ts";
import { parseInput } from "../validation.ts";
import type { AccountServices, Client } from "./account-services.ts";
import { emailTag } from "./email-tag.ts";
import { findUserByEmail } from "./find-user.ts";
import { ThrottledError } from "./login-throttle.ts";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { loginSchema } from "./schemas.ts";
import { createSession } from "./sessions.ts";

/**
 * Checks credentials and opens a new session (a fresh token: the session rotates at every login).
 * The answer is the same whether the e-mail is unknown or the password wrong. The attempt is counted before
 * the password is hashed and given back on success (core/accounts/login-throttle.ts); every failed or
 * throttled attempt is logged with the address and a tag of the e-mail (never the e-mail or the password).
 */
export async function logIn(services: AccountServices, input: unknown, client: Client) {
  const school = await getSchool(services.db);
  if (!school) throw new AppError("setup_required");
  const data = parseInput(loginSchema, input);
  const event = { ip: client.ip, account: emailTag(services.secret, data.email) };
  try {
    await services.throttle.takeLoginAttempt(data.email, client.ip);
  } catch (error) {
    if (error instanceof ThrottledError) {
      client.log?.warn({ ...event, limit: error.throttledBy, retry_after: error.retryAfterSeconds }, "login throttled");
    }
    throw error;
  }

  const user = await findUserByEmail(services.db, data.email);
  const ok = await verifyPassword(data.password, user?.password_hash ?? (await decoyHash(services.hashing)));
  if (!user || !ok) {
    client.log?.info(event, "login failed");
    throw fieldError("email", "accounts:failed");
  }
  await services.throttle.refundLoginAttempt(data.email, client.ip);
  // Admins can always log in, so the owner cannot lock themselves out with the switch.
  if (!school.login_enabled && user.role !== "admin") {
    throw new AppError("unavailable", { messageKey: "accounts:login_disabled" });
  }
  if (needsRehash(user.password_hash, services.hashing)) {
    // The password is at hand only now: a hash made with older, weaker parameters is replaced.
    const passwordHash = await hashPassword(data.password, services.hashing);
    await services.db
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where("id", "=", user.id)
      .where("password_hash", "=", user.password_hash)
      .execute();
  }
  const { token, session } = await createSession(services.db, {
    userId: user.id,
    days: services.sessionDays,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { user, token, session };
}
