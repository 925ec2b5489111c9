// Stripe Billing for memberships through the official `stripe` package: customers, a Price per plan and price,
// Checkout Sessions in mode=subscription (first payment, trial days) and mode=setup (card update), subscriptions
// re-fetched on every webhook (the event is only a trigger), cancel_at_period_end, default_payment_method, and
// paying an open invoice at once. Every POST carries the caller's idempotency key (derived from our ids).
// Periods are read from the subscription's item (Stripe moved current_period_* there in 2025).
import type Stripe from "stripe";
import type {
  StripeBilling,
  StripeCard,
  StripeCheckoutResult,
  StripeEventCheck,
  StripeInvoice,
  StripeSubscription,
  StripeSubscriptionStatus,
} from "#core/ports/stripe-billing.ts";
import { paymentProviderFields } from "#core/ports/payment-settings.ts";
import { type AdapterOptions, readSettings } from "./http.ts";
import { loadStripe, stripeError, stripeToleranceSeconds } from "./stripe.ts";

export function createStripeBilling(settings: Record<string, string>, options: AdapterOptions = {}): StripeBilling {
  const values = readSettings("stripe", paymentProviderFields.stripe, settings);
  const base = options.baseUrl ? new URL(options.baseUrl) : null;
  const StripeSdk = loadStripe();
  const client = new StripeSdk(values.secret_key!, {
    // One retry is safe: every POST carries an idempotency key.
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    httpClient: StripeSdk.createFetchHttpClient(options.fetch ?? globalThis.fetch),
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
  const webhookSecret = values.webhook_secret!;

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw stripeError(what, error);
    }
  }

  return {
    verifyEvent(rawBody, signatureHeader): StripeEventCheck {
      if (!signatureHeader) return { ok: false, reason: "missing signature" };
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret, stripeToleranceSeconds);
      } catch (error) {
        const stale = error instanceof Error && /tolerance/i.test(error.message);
        return { ok: false, reason: stale ? "timestamp outside the 300 s tolerance" : "signature mismatch" };
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return {
        ok: true,
        event: {
          id: event.id,
          type: event.type,
          objectId: typeof object.id === "string" ? object.id : "",
          mode: typeof object.mode === "string" ? object.mode : null,
          subscriptionId: event.type.startsWith("invoice.") ? invoiceSubscription(object) : null,
        },
      };
    },

    createCustomer: (input) =>
      call("creating the customer", async () => {
        const customer = await client.customers.create(
          { email: input.email, name: input.name, metadata: { studium_user_id: String(input.userId) } },
          { idempotencyKey: input.idempotencyKey },
        );
        return customer.id;
      }),

    createPrice: (input) =>
      call("creating the price", async () => {
        const price = await client.prices.create(
          {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountCents,
            recurring: { interval: "month", interval_count: input.periodMonths },
            product_data: { name: input.name.slice(0, 250), metadata: { studium_plan_id: String(input.planId) } },
            metadata: { studium_plan_id: String(input.planId) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return price.id;
      }),

    createSubscriptionCheckout: (input) =>
      call("creating the subscription checkout", async () => {
        const session = await client.checkout.sessions.create(
          {
            mode: "subscription",
            customer: input.customerId,
            client_reference_id: input.membershipHash,
            locale: input.language,
            line_items: [{ price: input.priceId, quantity: 1 }],
            subscription_data: {
              ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
              metadata: { membership_hash: input.membershipHash },
            },
            metadata: { membership_hash: input.membershipHash },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: session.id, url: requireUrl(session) };
      }),

    createSetupCheckout: (input) =>
      call("creating the card update checkout", async () => {
        const session = await client.checkout.sessions.create(
          {
            mode: "setup",
            customer: input.customerId,
            currency: input.currency.toLowerCase(),
            locale: input.language,
            metadata: { subscription_id: input.subscriptionId },
            setup_intent_data: { metadata: { subscription_id: input.subscriptionId } },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: session.id, url: requireUrl(session) };
      }),

    getCheckout: (sessionId) =>
      call("retrieving the checkout session", async () => {
        const session = await client.checkout.sessions.retrieve(sessionId, { expand: ["setup_intent"] });
        return checkoutResult(session);
      }),

    getSubscription: (subscriptionId) =>
      call("retrieving the subscription", async () =>
        subscriptionState(await client.subscriptions.retrieve(subscriptionId, { expand: ["default_payment_method"] })),
      ),

    listInvoices: (subscriptionId) =>
      call("listing the invoices", async () => {
        const invoices: StripeInvoice[] = [];
        // Newest first from Stripe; a subscription's whole history, page by page.
        for await (const invoice of client.invoices.list({ subscription: subscriptionId, limit: 100 }))
          invoices.push(invoiceState(invoice));
        return invoices.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancel, idempotencyKey) =>
      call("updating the subscription", async () => {
        await client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }, { idempotencyKey });
      }),

    setDefaultPaymentMethod: (subscriptionId, paymentMethodId, idempotencyKey) =>
      call("updating the subscription's card", async () => {
        await client.subscriptions.update(
          subscriptionId,
          { default_payment_method: paymentMethodId },
          { idempotencyKey },
        );
      }),

    async payInvoice(invoiceId, idempotencyKey) {
      try {
        const invoice = await client.invoices.pay(invoiceId, {}, { idempotencyKey });
        return invoice.status === "paid" ? "paid" : "declined";
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeCardError) return "declined";
        throw stripeError("paying the open invoice", error);
      }
    },
  };
}

function requireUrl(session: Stripe.Checkout.Session): string {
  if (!session.url) throw new Error("the checkout session has no redirect url");
  return session.url;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value ? (typeof value === "string" ? value : value.id) : null;

/** invoice.parent.subscription_details.subscription (API 2025+), or the older top-level `subscription`. */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
  return (
    idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription as string | { id: string } | null)
  );
}

export function subscriptionState(subscription: Stripe.Subscription): StripeSubscription {
  const item = subscription.items?.data?.[0];
  const method = typeof subscription.default_payment_method === "object" ? subscription.default_payment_method : null;
  const card: StripeCard | null = method?.card
    ? {
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      }
    : null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status as StripeSubscriptionStatus,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: subscription.canceled_at,
    endedAt: subscription.ended_at,
    cancellationReason: subscription.cancellation_details?.reason ?? null,
    trialEnd: subscription.trial_end,
    currentPeriodStart: item?.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? null,
    membershipHash: subscription.metadata?.membership_hash ?? null,
    card,
    latestInvoiceId: idOf(subscription.latest_invoice),
  };
}

function invoiceState(invoice: Stripe.Invoice): StripeInvoice {
  return {
    id: invoice.id ?? "",
    status: (invoice.status ?? "draft") as StripeInvoice["status"],
    billingReason: invoice.billing_reason ?? "",
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    created: invoice.created,
    paidAt: invoice.status_transitions?.paid_at ?? null,
  };
}

function checkoutResult(session: Stripe.Checkout.Session): StripeCheckoutResult {
  const intent = typeof session.setup_intent === "object" ? session.setup_intent : null;
  return {
    id: session.id,
    mode: session.mode,
    status: (session.status ?? "open") as StripeCheckoutResult["status"],
    subscriptionId: idOf(session.subscription),
    setupPaymentMethodId: intent ? idOf(intent.payment_method) : null,
    metadata: (session.metadata ?? {}) as Record<string, string>,
  };
}
