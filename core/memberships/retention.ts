// The retention offer's rules (issue 15, "beyond the spec, as Ghost does"; decision 0042). Pure, unit-tested:
// - which memberships see it in the cancel flow: once per membership, only one in good standing that would be
//   canceled now (active or at risk; a past-due one is in dunning; not lifetime), billed by us (a Stripe
//   subscription's price is Stripe's);
// - what a discounted renewal charges: the price less `percent` %, rounded to the cent in the member's favour,
//   for the periods up to and including `discount_until_period`.
import type { MembershipStatus, RetentionOfferKind } from "#platform/db/schema.ts";
import { LIFETIME } from "./periods.ts";

export type RetentionOffer = { kind: RetentionOfferKind; percent: number; periods: number };

export function offersRetention(
  membership: {
    status: MembershipStatus;
    period_months: number;
    provider: string;
    retention_shown_at: string | null;
  },
  offer: RetentionOffer | null,
): boolean {
  return (
    offer !== null &&
    offer.periods > 0 &&
    membership.retention_shown_at === null &&
    membership.provider !== "stripe" &&
    membership.period_months !== LIFETIME &&
    ["active", "at_risk"].includes(membership.status)
  );
}

/** What period `period`'s renewal charges. */
export function renewalAmount(
  membership: { price_cents: number; discount_percent: number; discount_until_period: number },
  period: number,
): number {
  if (membership.discount_percent <= 0 || period > membership.discount_until_period) return membership.price_cents;
  return Math.floor((membership.price_cents * (100 - membership.discount_percent)) / 100);
}
