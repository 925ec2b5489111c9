// A payment the provider reported as failed: the buyer is told by e-mail, in the school's language, that no
// money was taken and where to try again (the product's checkout). Queued in the database transaction that
// moved the transaction to FAILURE (outbox), so it goes exactly when the failure is recorded.
import type { Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { translator } from "#platform/i18n/index.ts";

/** `baseUrl`: the school's public address, without which the mail names no link. */
export async function queueFailureNotice(db: Db, transactionId: number, baseUrl: string | undefined): Promise<void> {
  const row = await db
    .selectFrom("transactions as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .leftJoin("courses as c", "c.id", "p.course_id")
    .select(["t.buyer_email", "t.buyer_name", "p.title", "p.kind", "p.slug", "c.slug as course_slug"])
    .where("t.id", "=", transactionId)
    .executeTakeFirst();
  if (!row) return;
  const school = await db.selectFrom("school").select(["name", "language", "public_url"]).executeTakeFirst();
  const lang = school?.language ?? "en";
  const t = translator(lang);
  const address = baseUrl ?? school?.public_url ?? undefined;
  const checkout =
    row.kind === "course" && row.course_slug ? `/${row.course_slug}/checkout` : `/products/${row.slug}/checkout`;
  await enqueue(db, sendMailJob, {
    to: row.buyer_email,
    subject: t("checkout:failed_subject", { product: row.title }),
    text: t(address ? "checkout:failed_text" : "checkout:failed_text_no_link", {
      name: row.buyer_name,
      product: row.title,
      link: address ? `${address.replace(/\/+$/, "")}${checkout}` : "",
      school: school?.name ?? "",
    }),
  });
}
