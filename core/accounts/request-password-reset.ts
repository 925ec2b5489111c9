import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { translator } from "#platform/i18n/index.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { parseInput } from "../validation.ts";
import { findUserByEmail } from "./find-user.ts";
import { forgotPasswordSchema } from "./schemas.ts";
import { hashToken, newToken } from "./tokens.ts";

export const RESET_TTL_MS = 60 * 60 * 1000;
// One e-mail a minute per account at most, so the form cannot be used to flood someone's inbox.
const RESEND_AFTER_MS = 60 * 1000;

/**
 * Sends a single-use reset link valid for 60 minutes. The answer never says whether the account exists.
 * A new link supersedes every earlier one.
 */
export async function requestPasswordReset(
  db: Db,
  input: unknown,
  context: { baseUrl: string; lang: Lang; schoolName: string },
): Promise<void> {
  const { email } = parseInput(forgotPasswordSchema, input);
  const user = await findUserByEmail(db, email);
  if (!user) return;

  const recent = await db
    .selectFrom("password_resets")
    .select("created_at")
    .where("user_id", "=", user.id)
    .where("created_at", ">", nowIso(-RESEND_AFTER_MS))
    .executeTakeFirst();
  if (recent) return;

  const token = newToken();
  const t = translator(context.lang);
  const link = `${context.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("password_resets").where("user_id", "=", user.id).execute();
    await trx
      .insertInto("password_resets")
      .values({ token_hash: hashToken(token), user_id: user.id, created_at: nowIso(), expires_at: nowIso(RESET_TTL_MS), used_at: null })
      .execute();
    await enqueue(trx, "mail.send", {
      to: user.email,
      subject: t("mail:reset_subject", { school: context.schoolName }),
      text: t("mail:reset_text", { name: user.name, link, school: context.schoolName, minutes: 60 }),
    });
  });
}
