import { nowIso } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import type { AccountServices } from "./account-services.ts";
import { hashPassword } from "./passwords.ts";
import { resetPasswordSchema } from "./schemas.ts";
import { createSession, destroyOtherSessions } from "./sessions.ts";
import { hashToken } from "./tokens.ts";

/** Sets a new password from a reset link: single use, 60 minutes, latest link only. Ends all other sessions. */
export async function resetPassword(services: AccountServices, input: unknown, client: { ip: string; userAgent: string }) {
  const data = parseInput(resetPasswordSchema, input);
  const tokenHash = hashToken(data.token);
  const passwordHash = await hashPassword(data.password);
  const userId = await services.db.transaction().execute(async (trx) => {
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
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: nowIso() }).where("id", "=", claimed.user_id).execute();
    await destroyOtherSessions(trx, claimed.user_id);
    return claimed.user_id;
  });
  if (userId === null) throw fieldError("token", "accounts:reset_invalid");
  const { token, session } = await createSession(services.db, { userId, days: services.sessionDays, ...client });
  return { token, session, userId };
}
