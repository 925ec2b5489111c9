import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { parseInput } from "../validation.ts";
import { findUserByEmail } from "./find-user.ts";
import { forgotPasswordSchema } from "./schemas.ts";
import { queuePasswordLink } from "./queue-password-link.ts";

export const RESET_TTL_MS = 60 * 60 * 1000;
/** An admin's invitation to set the password of a new account (core/students) is valid for a week. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
// One e-mail a minute per account at most, so the form cannot be used to flood someone's inbox.
const RESEND_AFTER_MS = 60 * 1000;

/**
 * Sends a single-use reset link valid for 60 minutes. The answer never says whether the account exists.
 * A new link supersedes every earlier one. The mail job carries a reference, not the link
 * (send-password-reset-mail.ts).
 */
export async function requestPasswordReset(
  db: Db,
  secret: Buffer,
  input: unknown,
  context: { baseUrl: string; lang: Lang; schoolName: string },
): Promise<void> {
  const { email } = parseInput(forgotPasswordSchema, input);
  const user = await findUserByEmail(db, email);
  if (!user) return;

  await db.transaction().execute(async (trx) => {
    // A no-op write on the user's row first: parallel requests for one account queue here (a row lock on
    // PostgreSQL, the write lock on SQLite), so each sees the link the one before it made: one mail a minute.
    await trx
      .updateTable("users")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", user.id)
      .execute();
    const recent = await trx
      .selectFrom("password_resets")
      .select("created_at")
      .where("user_id", "=", user.id)
      .where("created_at", ">", nowIso(-RESEND_AFTER_MS))
      .executeTakeFirst();
    if (recent) return;
    await queuePasswordLink(trx, secret, user, context, { ttlMs: RESET_TTL_MS, kind: "reset" });
  });
}
