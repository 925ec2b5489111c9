import { describe, expect, it } from "vitest";
import type { StripeInvoice, StripeSubscription } from "#core/ports/stripe-billing.ts";
import { billedPeriods, mirrorSubscription, statusOf } from "./map-subscription.ts";

const T0 = Date.parse("2026-03-01T00:00:00Z") / 1000;
const DAY = 86_400;
const NOW = "2026-03-10T00:00:00.000Z";

function subscription(overrides: Partial<StripeSubscription> = {}): StripeSubscription {
  return {
    id: "sub_1",
    customerId: "cus_1",
    status: "active",
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    cancellationReason: null,
    trialEnd: null,
    currentPeriodStart: T0,
    currentPeriodEnd: T0 + 31 * DAY,
    membershipHash: "hash",
    card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
    latestInvoiceId: "in_1",
    ...overrides,
  };
}

function invoice(id: string, created: number, overrides: Partial<StripeInvoice> = {}): StripeInvoice {
  return {
    id,
    status: "paid",
    billingReason: "subscription_cycle",
    amountDue: 4999,
    amountPaid: 4999,
    currency: "eur",
    created,
    paidAt: created + 60,
    ...overrides,
  };
}

describe("statusOf: Stripe's subscription status onto ours", () => {
  it.each([
    ["incomplete", {}, "STARTED"],
    ["incomplete_expired", {}, "finished"],
    ["trialing", {}, "active"],
    ["active", {}, "active"],
    ["active", { cancelAtPeriodEnd: true }, "canceled"],
    ["trialing", { cancelAtPeriodEnd: true }, "canceled"],
    ["past_due", {}, "past_due"],
    ["unpaid", {}, "expired"],
    ["paused", {}, "expired"],
    ["canceled", { cancellationReason: "payment_failed" }, "expired"],
    ["canceled", { cancellationReason: "payment_disputed" }, "expired"],
    ["canceled", { cancellationReason: "cancellation_requested" }, "finished"],
    ["canceled", { cancellationReason: null }, "finished"],
  ] as const)("%s %j -> %s", (status, overrides, expected) => {
    expect(statusOf(subscription({ status, ...overrides }), "2026-04-01T00:00:00.000Z")).toBe(expected);
  });

  it("is at risk when the card expires before the next charge", () => {
    const card = { brand: "visa", last4: "4242", expMonth: 3, expYear: 2026 };
    expect(statusOf(subscription({ card }), "2026-04-01T00:00:00.000Z")).toBe("at_risk");
    expect(statusOf(subscription({ card }), "2026-03-31T00:00:00.000Z")).toBe("active");
  });
});

describe("billedPeriods", () => {
  it("numbers the invoices that bill a period in creation order, skipping a trial's zero invoice and others", () => {
    const periods = billedPeriods([
      invoice("in_3", T0 + 62 * DAY, { status: "open", amountPaid: 0, paidAt: null }),
      invoice("in_0", T0 - 14 * DAY, { billingReason: "subscription_create", amountDue: 0, amountPaid: 0 }),
      invoice("in_1", T0, { billingReason: "subscription_create" }),
      invoice("in_x", T0 + 5 * DAY, { billingReason: "manual" }),
      invoice("in_v", T0 + 6 * DAY, { status: "void" }),
      invoice("in_2", T0 + 31 * DAY),
    ]);
    expect(periods.map((p) => [p.periodNumber, p.invoice.id])).toEqual([
      [1, "in_1"],
      [2, "in_2"],
      [3, "in_3"],
    ]);
  });
});

describe("mirrorSubscription", () => {
  it("records a charge per paid period with Stripe's invoice id, and the last paid period's number", () => {
    const mirrored = mirrorSubscription(
      subscription({ status: "past_due" }),
      [invoice("in_2", T0 + 31 * DAY), invoice("in_1", T0), invoice("in_3", T0 + 62 * DAY, { status: "open" })],
      NOW,
    );
    expect(mirrored.status).toBe("past_due");
    expect(mirrored.period_number).toBe(2);
    expect(mirrored.charges).toEqual([
      {
        periodNumber: 1,
        invoiceId: "in_1",
        amountCents: 4999,
        currency: "EUR",
        paidAt: new Date((T0 + 60) * 1000).toISOString(),
      },
      {
        periodNumber: 2,
        invoiceId: "in_2",
        amountCents: 4999,
        currency: "EUR",
        paidAt: new Date((T0 + 31 * DAY + 60) * 1000).toISOString(),
      },
    ]);
    expect(mirrored.ended_at).toBeNull();
  });

  it("keeps a trial at period 0 with its end, and no charge", () => {
    const trialEnd = T0 + 14 * DAY;
    const mirrored = mirrorSubscription(
      subscription({ status: "trialing", trialEnd, currentPeriodEnd: trialEnd }),
      [invoice("in_0", T0, { billingReason: "subscription_create", amountDue: 0, amountPaid: 0 })],
      NOW,
    );
    expect(mirrored).toMatchObject({ status: "active", period_number: 0, charges: [] });
    expect(mirrored.trial_ends_at).toBe(new Date(trialEnd * 1000).toISOString());
    expect(mirrored.current_period_end).toBe(mirrored.trial_ends_at);
  });

  it("marks a cancellation at the period's end, and the end of an ended subscription", () => {
    const canceling = mirrorSubscription(subscription({ cancelAtPeriodEnd: true, canceledAt: T0 + DAY }), [], NOW);
    expect(canceling).toMatchObject({ status: "canceled", cancel_at_period_end: 1, ended_at: null });
    expect(canceling.canceled_at).toBe(new Date((T0 + DAY) * 1000).toISOString());
    const ended = mirrorSubscription(
      subscription({ status: "canceled", cancellationReason: "payment_failed", canceledAt: T0, endedAt: T0 + DAY }),
      [],
      NOW,
    );
    expect(ended).toMatchObject({ status: "expired", ended_at: new Date((T0 + DAY) * 1000).toISOString() });
    const noEnd = mirrorSubscription(subscription({ status: "canceled" }), [], NOW);
    expect(noEnd.ended_at).toBe(NOW);
  });
});
