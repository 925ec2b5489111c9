// One membership mail (issue 15, item 4), in the school's language: written to the outbox (a mail.send job) in the
// caller's transaction, once per (membership, kind, reference): the membership_notices row's unique index decides,
// so a repeated scan, a second worker or a job deleted after three days never sends it again. The reference
// names the occasion: the period charged, the card's expiry month, the cancellation's time.
import type { Db } from "#platform/db/connection.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { formatMoney } from "#core/shared/money.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { mailParagraphs, schoolForMail } from "#core/shared/school-mail.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";

export const noticeKinds = [
  "started",
  "canceled",
  "renewal_failed",
  "dunning_day3",
  "dunning_final",
  "charge_upcoming",
  "trial_ending",
  "card_expiring_30",
  "card_expiring_7",
  "withdrawn",
] as const;

export type NoticeKind = (typeof noticeKinds)[number];

export type Notice = {
  membershipId: number;
  kind: NoticeKind;
  ref: string;
  /** the day the mail names: the next charge, the next retry, the trial's or the access's end */
  date?: string | null;
  amountCents?: number;
};

/** Queues the mail unless this notice went out before; answers whether it was queued now. */
export async function queueMembershipNotice(db: Db, notice: Notice, now: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("membership_notices")
      .values({ membership_id: notice.membershipId, kind: notice.kind, ref: notice.ref, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    const row = await trx
      .selectFrom("memberships as m")
      .innerJoin("membership_plans as p", "p.id", "m.plan_id")
      .innerJoin("users as u", "u.id", "m.user_id")
      .select(["u.email", "u.name", "p.name as plan", "m.price_cents", "m.currency"])
      .select(["m.card_brand", "m.card_last4", "m.card_exp_month", "m.card_exp_year"])
      .where("m.id", "=", notice.membershipId)
      .executeTakeFirst();
    if (!row) return false;
    const school = await schoolForMail(trx);
    const { t, lang } = school;
    const values = {
      name: row.name,
      plan: row.plan,
      school: school.name,
      amount: formatMoney(notice.amountCents ?? row.price_cents, row.currency, lang),
      date: notice.date ? formatDate(notice.date, lang, school.timeZone) : "",
      card: row.card_brand && row.card_last4 ? `${row.card_brand} •••• ${row.card_last4}` : "",
      expiry: row.card_exp_month ? `${String(row.card_exp_month).padStart(2, "0")}/${row.card_exp_year}` : "",
    };
    const kind = notice.kind.startsWith("card_expiring") ? "card_expiring" : notice.kind;
    const text = mailParagraphs(
      t(`memberships_mail:${kind}_text`, values),
      school.address ? t("memberships_mail:link", { link: `${school.address}/my/membership` }) : "",
      t("memberships_mail:signature", values),
    );
    await enqueueJob(
      trx,
      sendMailJob,
      { to: row.email, subject: t(`memberships_mail:${kind}_subject`, values), text },
      { key: `membership-notice:${notice.membershipId}:${notice.kind}:${notice.ref}` },
    );
    // The member's notice and the integrators' event go together, once (the notice row above decides).
    if (notice.kind === "charge_upcoming") {
      await emitWebhookEvent(trx, "membership.card_to_be_charged", {
        membership: { id: notice.membershipId },
        charge: {
          period_number: Number(notice.ref),
          amount_cents: notice.amountCents ?? row.price_cents,
          currency: row.currency,
          charge_at: notice.date ?? null,
        },
      });
    }
    return true;
  });
}
