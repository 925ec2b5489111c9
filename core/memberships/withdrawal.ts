// The EU's "withdraw from contract here" function (Directive 2023/2673, consumer distance contracts): a consumer
// may withdraw within 14 days of the contract. Pure rules, shared by /my/membership (whether to offer it) and the
// use-case (whether to accept it). The contract is concluded at checkout: the membership row's `created_at`.
import type { MembershipStatus } from "#platform/db/schema.ts";
import { addDays } from "./periods.ts";

export const WITHDRAWAL_DAYS = 14;

/** The statuses of a membership one can still withdraw from: it has begun and has not ended. */
const WITHDRAWABLE: readonly MembershipStatus[] = ["active", "at_risk", "past_due", "canceled"];

/** The last moment of the withdrawal period. */
export function withdrawalDeadline(membership: { created_at: string }): string {
  return addDays(membership.created_at, WITHDRAWAL_DAYS);
}

export function withinWithdrawalPeriod(membership: { created_at: string }, now: string): boolean {
  return now <= withdrawalDeadline(membership);
}

/**
 * Whether the member may withdraw now. Stripe Billing memberships are not offered it here: Stripe would have to
 * end the subscription at once (the port has no such call yet), see docs/decisions/0042.
 */
export function canWithdraw(
  membership: { created_at: string; status: MembershipStatus; provider: string; withdrawn_at: string | null },
  now: string,
): boolean {
  return (
    membership.withdrawn_at === null &&
    membership.provider !== "stripe" &&
    WITHDRAWABLE.includes(membership.status) &&
    withinWithdrawalPeriod(membership, now)
  );
}
