// POST /my/membership/retention {membership_id, accept} -> {membership_id, canceled}: the member's answer to the
// retention offer the cancel flow showed instead of cancelling (cancel-membership.ts; decision 0042). Accepting
// applies the school's offer: a discount (renewals up to period n + N charge `percent` % less, renew-membership.ts)
// or a pause (the next charge moves N periods later: the period's end and the anchor move together, as the admin's
// extend does, so renewals keep their day). Declining cancels exactly as the cancel flow does without an offer (the
// survey follows). Answered once: a second answer, or one without an offer shown, is a 409.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { cancelLiveMembership } from "./cancel-membership.ts";
import { requireOwnMembership } from "./internal/own-membership.ts";
import { findRetentionOffer } from "./internal/retention-offer.ts";
import { addMonths } from "./periods.ts";
import { canManageOwnMembership } from "./policies.ts";
import { retentionAnswerSchema } from "./schemas.ts";

export async function answerRetentionOffer(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ membership_id: number; canceled: boolean }> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const { membership_id, accept } = parseInput(retentionAnswerSchema, input);
  return db.transaction().execute(async (trx) => {
    const membership = await requireOwnMembership(trx, userId, membership_id);
    if (
      membership.retention_shown_at === null ||
      membership.retention_outcome !== null ||
      !["active", "at_risk"].includes(membership.status)
    )
      throw new AppError("conflict", { messageKey: "memberships:retention_not_open" });
    const answered = await trx
      .updateTable("memberships")
      .set({ retention_outcome: accept ? "accepted" : "declined", updated_at: now })
      .where("id", "=", membership.id)
      .where("retention_outcome", "is", null)
      .executeTakeFirst();
    if (Number(answered.numUpdatedRows) === 0)
      throw new AppError("conflict", { messageKey: "memberships:retention_not_open" });
    if (!accept) {
      await cancelLiveMembership(trx, membership, userId, now);
      return { membership_id: membership.id, canceled: true };
    }
    const offer = await findRetentionOffer(trx);
    if (!offer) throw new AppError("conflict", { messageKey: "memberships:retention_not_open" });
    if (offer.kind === "discount") {
      await trx
        .updateTable("memberships")
        .set({
          discount_percent: offer.percent,
          discount_until_period: membership.period_number + offer.periods,
          updated_at: now,
        })
        .where("id", "=", membership.id)
        .execute();
    } else {
      const months = offer.periods * membership.period_months;
      await trx
        .updateTable("memberships")
        .set({
          current_period_end: membership.current_period_end && addMonths(membership.current_period_end, months),
          started_at: membership.started_at && addMonths(membership.started_at, months),
          updated_at: now,
        })
        .where("id", "=", membership.id)
        .execute();
    }
    await trx
      .insertInto("membership_events")
      .values({
        membership_id: membership.id,
        kind: "retention",
        periods: offer.periods,
        // The offer as taken: "discount:<percent>" or "pause" (the admin's page words it in the school's language).
        reason: offer.kind === "discount" ? `discount:${offer.percent}` : "pause",
        actor_user_id: userId,
        created_at: now,
      })
      .execute();
    return { membership_id: membership.id, canceled: false };
  });
}
