// /home/memberships/members/{id}: one membership for the admin: the member, plan, status, period, card, and its
// history in time order: every charge with its attempts and failure reason, cancellations with the survey's
// reason, and what an admin did by hand (extended, ended) with the reason given.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type {
  CancellationReason,
  Membership,
  MembershipChargeStatus,
  MembershipEventKind,
} from "#platform/db/schema.ts";
import { pathId } from "#core/shared/path-id.ts";
import { type Actor, authorize } from "../../shared/actor.ts";
import { canManageMembers } from "../policies.ts";

export type HistoryEntry =
  | {
      kind: "charge";
      at: string;
      period: number;
      status: MembershipChargeStatus;
      amount_cents: number;
      currency: string;
      attempts: number;
      failure_reason: string;
      next_retry_at: string | null;
    }
  | { kind: "cancellation"; at: string; reason: CancellationReason | null; other_reason: string }
  | {
      kind: MembershipEventKind;
      at: string;
      days: number;
      periods: number;
      reason: string;
      /** withdrawn: what the member is owed back (the admin refunds it), in the membership's currency */
      refund_cents: number;
      by: string | null;
    };

export type MemberDetails = {
  membership: Membership;
  member: { id: number; name: string; email: string };
  plan: { id: number; name: string };
  history: HistoryEntry[];
};

export async function getMember(db: Db, actor: Actor, id: unknown): Promise<MemberDetails> {
  authorize(actor, canManageMembers(actor));
  const membershipId = pathId(id);
  const membership = await db.selectFrom("memberships").selectAll().where("id", "=", membershipId).executeTakeFirst();
  if (!membership) throw new AppError("not_found");
  const [member, plan, charges, cancellations, events] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "name", "email"])
      .where("id", "=", membership.user_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("membership_plans")
      .select(["id", "name"])
      .where("id", "=", membership.plan_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("membership_charges")
      .selectAll()
      .where("membership_id", "=", membershipId)
      .orderBy("period_number")
      .execute(),
    db
      .selectFrom("membership_cancellations")
      .selectAll()
      .where("membership_id", "=", membershipId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("membership_events as e")
      .leftJoin("users as u", "u.id", "e.actor_user_id")
      .select(["e.kind", "e.days", "e.periods", "e.reason", "e.refund_cents", "e.created_at", "u.name as by"])
      .where("e.membership_id", "=", membershipId)
      .orderBy("e.id")
      .execute(),
  ]);
  const history: HistoryEntry[] = [
    ...events.map((e) => ({
      kind: e.kind,
      at: e.created_at,
      days: e.days,
      periods: e.periods,
      reason: e.reason,
      refund_cents: e.refund_cents,
      by: e.by ?? null,
    })),
    ...cancellations.map((c) => ({
      kind: "cancellation" as const,
      at: c.created_at,
      reason: c.reason,
      other_reason: c.other_reason,
    })),
    ...charges.map((c) => ({
      kind: "charge" as const,
      at: c.paid_at ?? c.updated_at,
      period: c.period_number,
      status: c.status,
      amount_cents: c.amount_cents,
      currency: c.currency,
      attempts: c.attempts,
      failure_reason: c.failure_reason,
      next_retry_at: c.next_retry_at,
    })),
  ];
  // Newest first; at equal times (an ending that also stopped a retry) the admin's event comes first (stable sort).
  history.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { membership, member, plan, history };
}
