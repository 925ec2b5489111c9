import { nowIso } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import type { AccountServices, Client } from "./account-services.ts";
import { hashPassword } from "./passwords.ts";
import { resetPasswordSchema } from "./schemas.ts";
import { createSession, destroyOtherSessions } from "./sessions.ts";
import { hashToken } from "./tokens.ts";

/**
 * Sets a new password from a reset link: single use, 60 minutes, latest link only. Ends all other sessions, and
 * clears the account's login counters: whoever reads the account's mail is its owner, and the reset is how the
 * owner gets past an attack that holds the per-account limit (core/accounts/login-throttle.ts).
 */
export async function resetPassword(services: AccountServices, input: unknown, client: Client) {
  const data = parseInput(resetPasswordSchema, input);
  const tokenHash = hashToken(data.token);
  const passwordHash = await hashPassword(data.password, services.hashing);
  const user = await services.db.transaction().execute(async (trx) => {
    // Marking the row used in the same statement that checks it makes a link usable exactly once.
    const claimed = await trx
      .updateTable("password_resets")
      .set({ used_at: nowIso() })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", nowIso())
      .returning("user_id")
      .executeTakeFirst();
    if (!claimed) return null;
    const updated = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where("id", "=", claimed.user_id)
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    await destroyOtherSessions(trx, claimed.user_id);
    return updated;
  });
  if (user === null) throw fieldError("token", "accounts:reset_invalid");
  await services.throttle.clearAccount(user.email, client.ip);
  const { token, session } = await createSession(services.db, {
    userId: user.id,
    days: services.sessionDays,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { token, session, userId: user.id };
}
