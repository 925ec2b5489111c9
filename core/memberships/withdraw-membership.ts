// POST /my/membership/withdraw {membership_id} -> {membership_id, refund_cents}: the EU withdrawal (Directive
// 2023/2673) of the caller's own membership within 14 days of its contract (withdrawal.ts). In one transaction:
// the membership ends now (finished, `withdrawn_at`, access stops, no renewal or retry is charged again), what was
// paid is owed back and written to the member's history as a `withdrawn` event with `refund_cents`: no provider
// here refunds through an API (the purchases' refund is recorded by the admin too, record-refund.ts), so the
// admin refunds it and sees it on the member's page; and the dated acknowledgement mail in the school's language.
// After the 14 days: 422 under membership_id; another user's membership: 404.
import { AppError, fieldError } from "#core/errors.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { requireOwnMembership } from "./internal/own-membership.ts";
import { queueMembershipNotice } from "./mails/queue-membership-notice.ts";
import { canManageOwnMembership } from "./policies.ts";
import { withdrawSchema } from "./schemas.ts";
import { canWithdraw, withinWithdrawalPeriod } from "./withdrawal.ts";
import { dropPendingRetries } from "./internal/drop-retries.ts";

export async function withdrawMembership(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ membership_id: number; refund_cents: number }> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const { membership_id } = parseInput(withdrawSchema, input);
  return db.transaction().execute(async (trx) => {
    const membership = await requireOwnMembership(trx, userId, membership_id);
    if (!withinWithdrawalPeriod(membership, now)) throw fieldError("membership_id", "memberships:withdrawal_expired");
    if (!canWithdraw(membership, now)) throw new AppError("conflict", { messageKey: "memberships:not_withdrawable" });
    const ended = await trx
      .updateTable("memberships")
      .set({
        status: "finished",
        cancel_at_period_end: 0,
        current_period_end: now,
        ended_at: now,
        withdrawn_at: now,
        updated_at: now,
      })
      .where("id", "=", membership.id)
      .where("status", "=", membership.status)
      .where("withdrawn_at", "is", null)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0)
      throw new AppError("conflict", { messageKey: "memberships:not_withdrawable" });
    // A renewal waiting for its retry is given up.
    await dropPendingRetries(trx, membership.id, now);
    const paid = await trx
      .selectFrom("membership_charges")
      .select(["amount_cents"])
      .where("membership_id", "=", membership.id)
      .where("status", "=", "succeeded")
      .execute();
    const refundCents = paid.reduce((sum, charge) => sum + charge.amount_cents, 0);
    await trx
      .insertInto("membership_events")
      .values({
        membership_id: membership.id,
        kind: "withdrawn",
        refund_cents: refundCents,
        actor_user_id: userId,
        created_at: now,
      })
      .execute();
    await queueMembershipNotice(
      trx,
      { membershipId: membership.id, kind: "withdrawn", ref: now, date: now, amountCents: refundCents },
      now,
    );
    await emitWebhookEvent(trx, "membership.canceled", {
      membership: { id: membership.id, access_until: now },
      student: { id: userId },
    });
    return { membership_id: membership.id, refund_cents: refundCents };
  });
}
