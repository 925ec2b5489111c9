// Kysely table types of memberships (migration 0018); the conventions of schema.ts hold here too.
import type { Generated, Selectable } from "kysely";
import type { InvoiceStatus } from "./schema-selling.ts";

/** Months a period lasts; -1: lifetime (one payment, no renewals). */
export type PlanPeriod = -1 | 1 | 3 | 6 | 12;

export type MembershipPlanTable = {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  /** gross, VAT included, in the currency's minor units */
  price_cents: number;
  vat_rate: Generated<number>;
  currency: string;
  period_months: PlanPeriod;
  trial_days: Generated<number>;
  /** 0: no new sign-ups; renewals of existing members continue */
  signups_open: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type MembershipPlanCourseTable = { plan_id: number; course_id: number };
export type MembershipPlanProductTable = { plan_id: number; product_id: number };
export type MembershipPlanTopicTable = { plan_id: number; topic_id: number };

/**
 * STARTED: checkout begun, not paid; active; at_risk: the card expires before the next charge or the last attempt
 * soft-failed; past_due: a renewal failed and is being retried; canceled: ends at the period's end (access until
 * then); finished: a canceled membership whose period ended, or a lifetime one the admin ended; expired: retries
 * ran out.
 */
export type MembershipStatus = "STARTED" | "active" | "at_risk" | "past_due" | "canceled" | "finished" | "expired";

export type MembershipTable = {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  status: MembershipStatus;
  /** the price the member signed up at: a later change of the plan's price does not touch it */
  price_cents: number;
  vat_rate: number;
  currency: string;
  period_months: PlanPeriod;
  /** 1 once the first period is paid; each renewal adds one */
  period_number: Generated<number>;
  /** the first paid period's start: period n ends n periods after it */
  started_at: string | null;
  current_period_start: string | null;
  /** null: lifetime */
  current_period_end: string | null;
  trial_ends_at: string | null;
  cancel_at_period_end: Generated<number>;
  canceled_at: string | null;
  ended_at: string | null;
  provider: string;
  /** random, unguessable: the checkout's public id (the simulated payment page, a provider's order id) */
  checkout_hash: string;
  /** a saved card's token for renewals we run ourselves (Tpay, PayU, Przelewy24, test) */
  provider_token: string | null;
  /** Stripe Billing: the customer and subscription whose renewals Stripe runs and we mirror */
  provider_customer_ref: string | null;
  provider_subscription_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  /** migration 0038: when the retention offer was shown in the cancel flow (once per membership), and the answer */
  retention_shown_at: string | null;
  retention_outcome: RetentionOutcome | null;
  /** a retention discount: renewals up to and including period `discount_until_period` charge this much less */
  discount_percent: Generated<number>;
  discount_until_period: Generated<number>;
  /** the EU withdrawal (Directive 2023/2673): when the member withdrew from the contract */
  withdrawn_at: string | null;
  created_at: string;
  updated_at: string;
};

export type RetentionOutcome = "accepted" | "declined";

/** discount: `percent` off the next `periods` renewals; pause: the next charge moves `periods` periods later. */
export type RetentionOfferKind = "discount" | "pause";

/** The school's one retention offer (migration 0038): `scope` is always 'school', so there is at most one row. */
export type MembershipRetentionOfferTable = {
  id: Generated<number>;
  scope: Generated<string>;
  kind: RetentionOfferKind;
  percent: Generated<number>;
  periods: number;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
};

/** The invoice of one paid membership charge (migration 0038): the same columns and statuses as `invoices`. */
export type MembershipInvoiceTable = {
  id: Generated<number>;
  charge_id: number;
  provider: string;
  status: Generated<InvoiceStatus>;
  number: string | null;
  external_id: string | null;
  pdf_url: string | null;
  attempts: Generated<number>;
  last_error: Generated<string>;
  created_at: string;
  updated_at: string;
};

/** pending: claimed, not yet answered by the provider; succeeded; failed: waiting for next_retry_at, or final. */
export type MembershipChargeStatus = "pending" | "succeeded" | "failed";

export type MembershipChargeTable = {
  id: Generated<number>;
  membership_id: number;
  period_number: number;
  /** `membership:<id>:period:<n>`, sent to the provider as its idempotency key */
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  status: MembershipChargeStatus;
  attempts: Generated<number>;
  next_retry_at: string | null;
  provider: string;
  provider_ref: string | null;
  failure_reason: Generated<string>;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
};

export type CancellationReason = "no_value" | "expensive" | "alternative" | "technical" | "other";

export type MembershipCancellationTable = {
  id: Generated<number>;
  membership_id: number;
  user_id: number;
  /** null until the survey is answered (it may be closed unanswered) */
  reason: CancellationReason | null;
  other_reason: Generated<string>;
  created_at: string;
  answered_at: string | null;
};

export type MembershipTables = {
  membership_plans: MembershipPlanTable;
  membership_plan_courses: MembershipPlanCourseTable;
  membership_plan_products: MembershipPlanProductTable;
  membership_plan_topics: MembershipPlanTopicTable;
  memberships: MembershipTable;
  membership_charges: MembershipChargeTable;
  membership_cancellations: MembershipCancellationTable;
  membership_invoices: MembershipInvoiceTable;
  membership_retention_offers: MembershipRetentionOfferTable;
};

export type MembershipPlan = Selectable<MembershipPlanTable>;
export type Membership = Selectable<MembershipTable>;
export type MembershipCharge = Selectable<MembershipChargeTable>;
export type MembershipRetentionOffer = Selectable<MembershipRetentionOfferTable>;
