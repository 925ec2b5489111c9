// A link to set a password, by e-mail: the single-use reset row (hashed token, its expiry) replacing any earlier
// one, and the mail job carrying a reference, not the link (send-password-reset-mail.ts, decision 0007). The
// reset form (request-password-reset.ts) sends one valid for an hour; an admin's invitation of a new student
// (core/students) one valid for a week, worded as an invitation. Call it inside the transaction of the change.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { passwordResetMailJob } from "./jobs.ts";
import { hashToken, newToken, resetTokenFor } from "./tokens.ts";

export type PasswordLinkContext = { baseUrl: string; lang: Lang; schoolName: string };

export async function queuePasswordLink(
  trx: Db,
  secret: Buffer,
  user: { id: number; email: string; name: string },
  context: PasswordLinkContext,
  options: { ttlMs: number; kind: "reset" | "invitation" },
): Promise<void> {
  const reference = newToken();
  await trx.deleteFrom("password_resets").where("user_id", "=", user.id).execute();
  await trx
    .insertInto("password_resets")
    .values({
      token_hash: hashToken(resetTokenFor(secret, reference)),
      user_id: user.id,
      created_at: nowIso(),
      expires_at: nowIso(options.ttlMs),
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
    ...(options.kind === "invitation" ? { kind: "invitation" as const } : {}),
  });
}
