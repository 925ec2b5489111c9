// POST /my/membership/cancel {membership_id, confirm: "CANCEL"} -> {membership_id} (spec §4, §5, §7). An
// abandoned checkout (STARTED) simply ends; a live membership is canceled at its period's end: access holds until
// then, no renewal is charged, and a cancellation row waits for the survey's answer. A membership being retried
// (past due) stops being retried. Lifetime memberships have nothing to cancel (409). When the school has a retention
// offer the membership has not been shown yet, the answer is {membership_id, retention_offer} and nothing is
// canceled yet: the member accepts it or declines (answer-retention-offer.ts), which cancels exactly as here.
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { Membership } from "#platform/db/schema.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { requireOwnMembership } from "./internal/own-membership.ts";
import { queueMembershipNotice } from "./mails/queue-membership-notice.ts";
import { LIFETIME } from "./periods.ts";
import { findRetentionOffer } from "./internal/retention-offer.ts";
import { canManageOwnMembership } from "./policies.ts";
import { type RetentionOffer, offersRetention } from "./retention.ts";
import { cancelSchema } from "./schemas.ts";
import { dropPendingRetries } from "./internal/drop-retries.ts";

export async function cancelMembership(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ membership_id: number; retention_offer?: RetentionOffer }> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const { membership_id } = parseInput(cancelSchema, input);
  return db.transaction().execute(async (trx) => {
    const membership = await requireOwnMembership(trx, userId, membership_id);
    if (membership.status === "STARTED") {
      await trx
        .updateTable("memberships")
        .set({ status: "finished", ended_at: now, updated_at: now })
        .where("id", "=", membership.id)
        .where("status", "=", "STARTED")
        .execute();
      return { membership_id: membership.id };
    }
    if (!["active", "at_risk", "past_due"].includes(membership.status))
      throw new AppError("conflict", { messageKey: "memberships:not_cancelable" });
    if (membership.period_months === LIFETIME)
      throw new AppError("conflict", { messageKey: "memberships:lifetime_not_cancelable" });
    // The school's retention offer, once per membership: shown instead of cancelling; the member's answer
    // (answer-retention-offer.ts) applies it or cancels as below.
    const offer = await findRetentionOffer(trx);
    if (offersRetention(membership, offer)) {
      const shown = await trx
        .updateTable("memberships")
        .set({ retention_shown_at: now, updated_at: now })
        .where("id", "=", membership.id)
        .where("retention_shown_at", "is", null)
        .executeTakeFirst();
      if (Number(shown.numUpdatedRows) === 1) return { membership_id: membership.id, retention_offer: offer! };
    }
    await cancelLiveMembership(trx, membership, userId, now);
    return { membership_id: membership.id };
  });
}

/**
 * A live membership canceled at its period's end: retries stop, a cancellation row waits for the survey, the
 * member's mail and the integrators' event. Shared with the retention offer's "no, cancel".
 */
export async function cancelLiveMembership(trx: Db, membership: Membership, userId: number, now: string) {
  const updated = await trx
    .updateTable("memberships")
    .set({ status: "canceled", cancel_at_period_end: 1, canceled_at: now, updated_at: now })
    .where("id", "=", membership.id)
    .where("status", "=", membership.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    throw new AppError("conflict", { messageKey: "memberships:not_cancelable" });
  // A renewal being retried is given up: nobody is charged after cancelling.
  await dropPendingRetries(trx, membership.id, now);
  await trx
    .insertInto("membership_cancellations")
    .values({ membership_id: membership.id, user_id: userId, created_at: now })
    .execute();
  // Each cancellation is its own occasion (a resumed membership may be canceled again).
  await queueMembershipNotice(
    trx,
    { membershipId: membership.id, kind: "canceled", ref: now, date: membership.current_period_end },
    now,
  );
  await emitWebhookEvent(trx, "membership.canceled", {
    membership: { id: membership.id, access_until: membership.current_period_end },
    student: { id: userId },
  });
}
