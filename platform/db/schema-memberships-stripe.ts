// Kysely table types of Stripe Billing for memberships (migration 0021); the conventions of schema.ts hold here too.
import type { Generated } from "kysely";

/** One Stripe Price per plan, price, currency and period: a new price makes a new row (and a new Price). */
export type MembershipStripePriceTable = {
  id: Generated<number>;
  plan_id: number;
  price_cents: number;
  currency: string;
  period_months: number;
  stripe_price_id: string;
  created_at: string;
};

/** A Stripe event applied to memberships, by its id (deliveries are at least once). */
export type MembershipStripeEventTable = { event_id: string; type: string; received_at: string };

export type MembershipStripeTables = {
  membership_stripe_prices: MembershipStripePriceTable;
  membership_stripe_events: MembershipStripeEventTable;
};
