// Stripe Billing in the Stripe fake (tests/fakes/stripe.ts): customers, prices, Checkout Sessions in
// mode=subscription and mode=setup, subscriptions with their invoices and payment methods, kept in memory with
// Stripe's shapes of API 2025+ (periods on the subscription item, an invoice's subscription under
// parent.subscription_details). Tests move a subscription through its life (renew, fail, retry, end a period,
// cancel) and get back the events Stripe would send, to deliver signed, replayed or out of order.
import type { FakeRequest, FakeResponse, FakeRoute } from "./fake-http.ts";

export type FakeCard = { brand: string; last4: string; exp_month: number; exp_year: number; declines?: boolean };

const year = new Date().getUTCFullYear();
/** Stripe's test cards: 4242 pays; 0341 attaches to a customer but its charges fail (card_declined). */
export const STRIPE_CARDS = {
  visa: { brand: "visa", last4: "4242", exp_month: 12, exp_year: year + 3 },
  mastercard: { brand: "mastercard", last4: "4444", exp_month: 6, exp_year: year + 4 },
  declining: { brand: "visa", last4: "0341", exp_month: 11, exp_year: year + 2, declines: true },
} satisfies Record<string, FakeCard>;

type Obj = Record<string, unknown> & { id: string };

export type BillingEvent = { type: string; object: Obj };

export type BillingContext = {
  id(prefix: string): string;
  now(): number;
  /** records a Stripe event of the object as it is now; answers its id */
  event(type: string, object: Obj): string;
  url(): string;
  params(request: FakeRequest): Record<string, unknown>;
  error(status: number, type: string, code: string, message: string): FakeResponse;
};

type Subscription = Obj & {
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { reason: string | null; comment: null; feedback: null };
  trial_start: number | null;
  trial_end: number | null;
  currency: string;
  items: { object: "list"; data: (Obj & { price: Obj; current_period_start: number; current_period_end: number })[] };
  metadata: Record<string, string>;
  default_payment_method: string | null;
  latest_invoice: string | null;
};

type Invoice = Obj & {
  customer: string;
  status: string;
  billing_reason: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  created: number;
  attempt_count: number;
  status_transitions: { finalized_at: number; paid_at: number | null };
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
};

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** `months` calendar months after a unix time (UTC), the day kept where it exists. */
function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

export function createBillingState(ctx: BillingContext) {
  const customers = new Map<string, Obj>();
  const prices = new Map<
    string,
    Obj & { unit_amount: number; currency: string; recurring: { interval_count: number } }
  >();
  const methods = new Map<string, Obj & { card: FakeCard; customer: string }>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const setupIntents = new Map<string, Obj>();
  let clock = 0;

  const tick = () => ctx.now() + clock++; // created times strictly increase, as Stripe's do in practice

  function mustSubscription(id: string): Subscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no fake Stripe subscription ${id}`);
    return subscription;
  }

  function invoiceJson(invoice: Invoice) {
    return structuredClone(invoice);
  }

  function subscriptionJson(subscription: Subscription, expand: string[]) {
    const json = structuredClone(subscription) as Record<string, unknown>;
    if (expand.includes("default_payment_method") && subscription.default_payment_method)
      json.default_payment_method = structuredClone(methods.get(subscription.default_payment_method) ?? null);
    return json;
  }

  /** Charges an invoice with the subscription's card: paid, or left open with one more attempt. */
  function charge(invoice: Invoice, subscription: Subscription): boolean {
    invoice.attempt_count += 1;
    const method = subscription.default_payment_method ? methods.get(subscription.default_payment_method) : null;
    if (!method || method.card.declines) return false;
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      status_transitions: { ...invoice.status_transitions, paid_at: tick() },
    });
    return true;
  }

  function newInvoice(subscription: Subscription, reason: string, amount: number): Invoice {
    const created = tick();
    const invoice: Invoice = {
      id: ctx.id("in"),
      object: "invoice",
      customer: subscription.customer,
      status: "open",
      billing_reason: reason,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      currency: subscription.currency,
      created,
      attempt_count: 0,
      status_transitions: { finalized_at: created, paid_at: null },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    if (amount === 0)
      Object.assign(invoice, { status: "paid", status_transitions: { finalized_at: created, paid_at: created } });
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  const paidOrFailed = (invoice: Invoice) => (invoice.status === "paid" ? "invoice.paid" : "invoice.payment_failed");

  function createMethod(customer: string, card: FakeCard) {
    const method = { id: ctx.id("pm"), object: "payment_method", type: "card", card: { ...card }, customer };
    methods.set(method.id, method);
    return method;
  }

  const item = (subscription: Subscription) => subscription.items.data[0]!;

  const state = {
    customers,
    prices,
    methods,
    subscriptions,
    invoices,

    /** A subscription Checkout Session paid with `card`: the subscription, its first invoice, and the events. */
    completeSubscriptionCheckout(session: Record<string, unknown>, card: FakeCard): string[] {
      const lineItems = Array.isArray(session.__line_items) ? (session.__line_items as Record<string, unknown>[]) : [];
      const price = prices.get(String(record(lineItems[0]).price));
      if (!price) throw new Error("the fake session has no known price");
      const customer = String(session.customer);
      const method = createMethod(customer, card);
      const trialDays = Number(record(session.__subscription_data).trial_period_days ?? 0);
      const metadata = record(record(session.__subscription_data).metadata) as Record<string, string>;
      const start = tick();
      const periodEnd = trialDays > 0 ? start + trialDays * 86_400 : addMonths(start, price.recurring.interval_count);
      const subscription: Subscription = {
        id: ctx.id("sub"),
        object: "subscription",
        customer,
        status: trialDays > 0 ? "trialing" : "incomplete",
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        cancellation_details: { reason: null, comment: null, feedback: null },
        trial_start: trialDays > 0 ? start : null,
        trial_end: trialDays > 0 ? periodEnd : null,
        currency: price.currency,
        start_date: start,
        created: start,
        items: {
          object: "list",
          data: [
            {
              id: ctx.id("si"),
              object: "subscription_item",
              price: structuredClone(price),
              quantity: 1,
              current_period_start: start,
              current_period_end: periodEnd,
            },
          ],
        },
        metadata,
        default_payment_method: method.id,
        latest_invoice: null,
        livemode: false,
      };
      subscriptions.set(subscription.id, subscription);
      const invoice = newInvoice(subscription, "subscription_create", trialDays > 0 ? 0 : price.unit_amount);
      if (trialDays === 0) subscription.status = charge(invoice, subscription) ? "active" : "incomplete";
      Object.assign(session, {
        status: "complete",
        payment_status: trialDays > 0 ? "no_payment_required" : invoice.status === "paid" ? "paid" : "unpaid",
        subscription: subscription.id,
        url: null,
      });
      return [
        ctx.event("checkout.session.completed", session as Obj),
        ctx.event("customer.subscription.created", subscription),
        ctx.event(paidOrFailed(invoice), invoice),
      ];
    },

    /** A setup Checkout Session completed with a new card: its SetupIntent holds the PaymentMethod. */
    completeSetupCheckout(session: Record<string, unknown>, card: FakeCard): string[] {
      const method = createMethod(String(session.customer), card);
      const intent = {
        id: ctx.id("seti"),
        object: "setup_intent",
        status: "succeeded",
        customer: session.customer,
        payment_method: method.id,
        metadata: record(record(session.__setup_intent_data).metadata),
      };
      setupIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", setup_intent: intent.id, url: null });
      return [ctx.event("checkout.session.completed", session as Obj)];
    },

    /** The period ends: a canceling subscription ends; else the next period is invoiced and charged. */
    endPeriod(subscriptionId: string): string[] {
      const subscription = mustSubscription(subscriptionId);
      if (subscription.cancel_at_period_end) return state.endSubscription(subscriptionId, "cancellation_requested");
      const current = item(subscription);
      const start = current.current_period_end;
      const months = Number(record(current.price.recurring).interval_count ?? 1);
      Object.assign(current, { current_period_start: start, current_period_end: addMonths(start, months) });
      const invoice = newInvoice(subscription, "subscription_cycle", Number(current.price.unit_amount));
      subscription.status = charge(invoice, subscription) ? "active" : "past_due";
      return [ctx.event(paidOrFailed(invoice), invoice), ctx.event("customer.subscription.updated", subscription)];
    },

    /** One of Stripe's automatic retries of the open invoice. */
    retry(subscriptionId: string): string[] {
      const subscription = mustSubscription(subscriptionId);
      const invoice = invoices.get(subscription.latest_invoice ?? "");
      if (!invoice || invoice.status !== "open") throw new Error("no open invoice to retry");
      if (charge(invoice, subscription)) subscription.status = "active";
      return [ctx.event(paidOrFailed(invoice), invoice), ctx.event("customer.subscription.updated", subscription)];
    },

    /** Stripe ends the subscription (retries used up: payment_failed; or a cancellation at the period's end). */
    endSubscription(subscriptionId: string, reason: "payment_failed" | "cancellation_requested"): string[] {
      const subscription = mustSubscription(subscriptionId);
      const now = tick();
      Object.assign(subscription, {
        status: "canceled",
        ended_at: now,
        canceled_at: subscription.canceled_at ?? now,
        cancellation_details: { reason, comment: null, feedback: null },
      });
      const open = invoices.get(subscription.latest_invoice ?? "");
      if (open?.status === "open") open.status = "uncollectible";
      return [ctx.event("customer.subscription.deleted", subscription)];
    },

    /** Sets the card of a subscription's saved PaymentMethod to decline (or pay) from now on. */
    setDeclines(subscriptionId: string, declines: boolean) {
      const method = methods.get(mustSubscription(subscriptionId).default_payment_method ?? "");
      if (method) method.card.declines = declines;
    },

    routes(
      authorized: (request: FakeRequest) => FakeResponse | null,
      idempotent: (request: FakeRequest, create: () => FakeResponse) => FakeResponse,
    ): FakeRoute[] {
      const expandOf = (request: FakeRequest) =>
        [...request.query.entries()].filter(([key]) => key.startsWith("expand")).map(([, value]) => value);
      const guarded =
        (handle: (request: FakeRequest, params: string[]) => FakeResponse) =>
        (request: FakeRequest, params: string[]) =>
          authorized(request) ?? handle(request, params);
      const missing = (what: string) => ctx.error(404, "invalid_request_error", "resource_missing", `No such ${what}`);
      return [
        {
          method: "POST",
          path: /^\/v1\/customers$/,
          handle: guarded((request) =>
            idempotent(request, () => {
              const params = ctx.params(request);
              const customer = {
                id: ctx.id("cus"),
                object: "customer",
                email: params.email ?? null,
                name: params.name ?? null,
                metadata: record(params.metadata),
                invoice_settings: { default_payment_method: null },
              };
              customers.set(customer.id, customer);
              return { status: 200, json: customer };
            }),
          ),
        },
        {
          method: "POST",
          path: /^\/v1\/prices$/,
          handle: guarded((request) =>
            idempotent(request, () => {
              const params = ctx.params(request);
              const recurring = record(params.recurring);
              const amount = Number(params.unit_amount);
              if (
                !Number.isSafeInteger(amount) ||
                typeof params.currency !== "string" ||
                recurring.interval !== "month"
              )
                return ctx.error(400, "invalid_request_error", "parameter_missing", "Missing required param");
              const price = {
                id: ctx.id("price"),
                object: "price",
                active: true,
                type: "recurring",
                currency: params.currency,
                unit_amount: amount,
                recurring: { interval: "month", interval_count: Number(recurring.interval_count ?? 1) },
                product: ctx.id("prod"),
                product_name: String(record(params.product_data).name ?? ""),
                metadata: record(params.metadata),
              };
              prices.set(price.id, price);
              return { status: 200, json: price };
            }),
          ),
        },
        {
          method: "GET",
          path: /^\/v1\/subscriptions\/([^/]+)$/,
          handle: guarded((request, [id]) => {
            const subscription = subscriptions.get(id!);
            return subscription
              ? { status: 200, json: subscriptionJson(subscription, expandOf(request)) }
              : missing("subscription");
          }),
        },
        {
          method: "POST",
          path: /^\/v1\/subscriptions\/([^/]+)$/,
          handle: guarded((request, [id]) =>
            idempotent(request, () => {
              const subscription = subscriptions.get(id!);
              if (!subscription) return missing("subscription");
              if (subscription.status === "canceled")
                return ctx.error(
                  400,
                  "invalid_request_error",
                  "resource_missing",
                  "A canceled subscription can only update its cancellation_details and metadata.",
                );
              const params = ctx.params(request);
              if (params.cancel_at_period_end !== undefined) {
                const cancel = params.cancel_at_period_end === "true";
                Object.assign(subscription, { cancel_at_period_end: cancel, canceled_at: cancel ? tick() : null });
              }
              if (typeof params.default_payment_method === "string") {
                const method = methods.get(params.default_payment_method);
                if (!method || method.customer !== subscription.customer) return missing("payment_method");
                subscription.default_payment_method = method.id;
              }
              ctx.event("customer.subscription.updated", subscription);
              return { status: 200, json: subscriptionJson(subscription, []) };
            }),
          ),
        },
        {
          method: "GET",
          path: /^\/v1\/invoices$/,
          handle: guarded((request) => {
            const subscription = request.query.get("subscription");
            const data = [...invoices.values()]
              .filter((invoice) => !subscription || invoice.parent.subscription_details.subscription === subscription)
              .sort((a, b) => b.created - a.created)
              .map(invoiceJson);
            return { status: 200, json: { object: "list", data, has_more: false, url: "/v1/invoices" } };
          }),
        },
        {
          method: "POST",
          path: /^\/v1\/invoices\/([^/]+)\/pay$/,
          handle: guarded((request, [id]) =>
            idempotent(request, () => {
              const invoice = invoices.get(id!);
              if (!invoice) return missing("invoice");
              if (invoice.status !== "open")
                return ctx.error(400, "invalid_request_error", "invoice_not_open", "Invoice is already paid");
              const subscription = mustSubscription(invoice.parent.subscription_details.subscription);
              if (!charge(invoice, subscription)) {
                ctx.event("invoice.payment_failed", invoice);
                return ctx.error(402, "card_error", "card_declined", "Your card was declined.");
              }
              subscription.status = "active";
              ctx.event("invoice.paid", invoice);
              ctx.event("customer.subscription.updated", subscription);
              return { status: 200, json: invoiceJson(invoice) };
            }),
          ),
        },
      ];
    },

    /** A session's setup_intent expanded (the adapter asks for it). */
    setupIntent(id: string | null) {
      return id ? (structuredClone(setupIntents.get(id)) ?? null) : null;
    },
  };
  return state;
}

/** What a Checkout Session in mode=subscription or mode=setup asks for, checked like Stripe does. */
export function billingSessionProblem(
  params: Record<string, unknown>,
  customers: Map<string, Obj>,
  prices: Map<string, Obj>,
): string | null {
  if (typeof params.customer !== "string" || !customers.has(params.customer)) return "No such customer";
  if (params.mode === "setup") return typeof params.currency === "string" ? null : "Missing required param: currency";
  const items = Array.isArray(params.line_items) ? params.line_items : [];
  const price = record(items[0]).price;
  if (typeof price !== "string" || !prices.has(price)) return "No such price";
  return null;
}
