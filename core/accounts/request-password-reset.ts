import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { passwordResetMailJob } from "./jobs.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { parseInput } from "../validation.ts";
import { findUserByEmail } from "./find-user.ts";
import { forgotPasswordSchema } from "./schemas.ts";
import { hashToken, newToken, resetTokenFor } from "./tokens.ts";

export const RESET_TTL_MS = 60 * 60 * 1000;
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

  const reference = newToken();
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
    await trx.deleteFrom("password_resets").where("user_id", "=", user.id).execute();
    await trx
      .insertInto("password_resets")
      .values({
        token_hash: hashToken(resetTokenFor(secret, reference)),
        user_id: user.id,
        created_at: nowIso(),
        expires_at: nowIso(RESET_TTL_MS),
        used_at: null,
      })
      .execute();
    await enqueue(trx, passwordResetMailJob, {
      to: user.email,
      name: user.name,
      reference,
      baseUrl: context.baseUrl,
      lang: context.lang,
      schoolName: context.schoolName,
    });
  });
}
