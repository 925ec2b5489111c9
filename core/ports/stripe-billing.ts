// Stripe Billing for memberships (issue 15): what core asks of Stripe's subscriptions, in our own plain shapes.
// The adapter is integrations/payments/stripe-billing.ts (the official `stripe` package); the stateful fake is
// tests/fakes/stripe.ts. Every POST carries an idempotency key derived from our ids (the caller gives it).
// Protocol facts: ../shared/INTEGRATIONS.md ("Stripe").

/** A card as Stripe describes a PaymentMethod: brand (visa, mastercard, amex, ...), last 4 digits, expiry. */
export type StripeCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** A subscription invoice, the record of one billed period (or of a trial's zero invoice). */
export type StripeInvoice = {
  id: string;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  /** subscription_create, subscription_cycle, subscription_update, manual, ... */
  billingReason: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  /** unix seconds */
  created: number;
  paidAt: number | null;
};

/** Stripe's subscription statuses (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export type StripeSubscriptionStatus =
  "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";

/** A subscription as re-fetched from Stripe: the state we mirror. Times are unix seconds. */
export type StripeSubscription = {
  id: string;
  customerId: string;
  status: StripeSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  /** why it was canceled: cancellation_requested, payment_failed, payment_disputed, or null */
  cancellationReason: string | null;
  trialEnd: number | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  /** our membership's checkout hash, from the subscription's metadata */
  membershipHash: string | null;
  card: StripeCard | null;
  latestInvoiceId: string | null;
};

/** A verified webhook event: its id (dedupe), type and the id of the object it is about. */
export type StripeEventTrigger = {
  id: string;
  type: string;
  /** the checkout session (checkout.session.*), invoice (invoice.*) or subscription (customer.subscription.*) */
  objectId: string;
  /** checkout.session.*: payment | subscription | setup */
  mode: string | null;
  /** invoice.*: the subscription it bills */
  subscriptionId: string | null;
};

export type StripeEventCheck =
  | { ok: true; event: StripeEventTrigger }
  | { ok: false; reason: "missing signature" | "signature mismatch" | "timestamp outside the 300 s tolerance" };

/** A completed Checkout Session as re-fetched: a subscription's first checkout or a card update (setup). */
export type StripeCheckoutResult = {
  id: string;
  mode: string;
  status: "open" | "complete" | "expired";
  subscriptionId: string | null;
  /** mode=setup: the PaymentMethod the customer saved, and the subscription it is for (our metadata) */
  setupPaymentMethodId: string | null;
  metadata: Record<string, string>;
};

export type StripeBilling = {
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): StripeEventCheck;
  createCustomer(input: { email: string; name: string; userId: number; idempotencyKey: string }): Promise<string>;
  createPrice(input: {
    name: string;
    amountCents: number;
    currency: string;
    periodMonths: number;
    planId: number;
    idempotencyKey: string;
  }): Promise<string>;
  /** Checkout in mode=subscription; answers the hosted page's address. */
  createSubscriptionCheckout(input: {
    customerId: string;
    priceId: string;
    trialDays: number;
    membershipHash: string;
    language: "en" | "pl";
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  /** Checkout in mode=setup, to save a new card for the subscription. */
  createSetupCheckout(input: {
    customerId: string;
    subscriptionId: string;
    currency: string;
    language: "en" | "pl";
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  getCheckout(sessionId: string): Promise<StripeCheckoutResult>;
  getSubscription(subscriptionId: string): Promise<StripeSubscription>;
  /** The subscription's invoices, oldest first. */
  listInvoices(subscriptionId: string): Promise<StripeInvoice[]>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<void>;
  setDefaultPaymentMethod(subscriptionId: string, paymentMethodId: string, idempotencyKey: string): Promise<void>;
  /** Asks Stripe to pay an open invoice now (after a card update); a card decline is an answer, not an error. */
  payInvoice(invoiceId: string, idempotencyKey: string): Promise<"paid" | "declined">;
};
