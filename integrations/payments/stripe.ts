// Stripe through the official `stripe` package: a Checkout Session per order (Idempotency-Key derived from our
// order hash), webhooks verified with stripe.webhooks (HMAC-SHA256, any v1, 300 s tolerance) and treated as a
// trigger only: the session is re-fetched and its payment_status, amount_total, currency and client_reference_id
// (our hash) are what we report. Protocol facts: ../../../shared/INTEGRATIONS.md ("Stripe").
import { createRequire } from "node:module";
import type Stripe from "stripe";
import {
  type NotificationInput,
  type NotificationResult,
  type PaymentOrder,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentReport,
  type PaymentStart,
} from "#core/ports/payments.ts";
import { type AdapterOptions, headerValue, readSettings, safeCode } from "./http.ts";
import { paymentProviderFields } from "#core/ports/payment-settings.ts";

const stripeFields = paymentProviderFields.stripe;

/** Stripe's documented replay window for webhook timestamps, in seconds. */
export const stripeToleranceSeconds = 300;

/** The Idempotency-Key of the Checkout Session POST: the same order can never create two sessions. */
export function stripeIdempotencyKey(hash: string): string {
  return `studium-checkout-${hash}`;
}

const sessionEvents = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

// The SDK is loaded when a school first uses Stripe: it holds ~6 MB of heap that a school without Stripe
// should not pay for at every start (idle memory, docs/architecture.md "Performance").
let stripeModule: typeof Stripe | undefined;
export function loadStripe(): typeof Stripe {
  stripeModule ??= createRequire(import.meta.url)("stripe") as typeof Stripe;
  return stripeModule;
}

const ok = { status: 200, body: "" };
const refused = { status: 400, body: "" };

export function createStripeProvider(settings: Record<string, string>, options: AdapterOptions = {}): PaymentProvider {
  const values = readSettings("stripe", stripeFields, settings);
  const base = options.baseUrl ? new URL(options.baseUrl) : null;
  const Stripe = loadStripe();
  const client = new Stripe(values.secret_key!, {
    // One retry is safe: every POST carries our idempotency key.
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(options.fetch ?? globalThis.fetch),
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
  const webhookSecret = values.webhook_secret!;

  async function retrieve(sessionId: string): Promise<Stripe.Checkout.Session> {
    try {
      return await client.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] });
    } catch (error) {
      throw stripeError("retrieving the checkout session", error);
    }
  }

  return {
    name: "stripe",

    async createPayment(order: PaymentOrder): Promise<PaymentStart> {
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: order.hash,
            customer_email: order.buyer.email,
            locale: order.language,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: order.currency.toLowerCase(),
                  unit_amount: order.amountCents,
                  product_data: { name: order.description.slice(0, 250) || order.hash },
                },
              },
            ],
            success_url: order.returnUrl,
            cancel_url: order.returnUrl,
            metadata: { transaction_hash: order.hash },
            payment_intent_data: { metadata: { transaction_hash: order.hash } },
          },
          { idempotencyKey: stripeIdempotencyKey(order.hash) },
        );
      } catch (error) {
        throw stripeError("creating the checkout session", error);
      }
      if (!session.url) throw new PaymentProviderError("stripe", "the checkout session has no redirect url");
      return { redirectUrl: session.url, providerRef: session.id };
    },

    async parseNotification(input: NotificationInput): Promise<NotificationResult> {
      const signature = headerValue(input.headers, "stripe-signature");
      if (!signature) return { ok: false, reason: "missing Stripe-Signature header", reply: refused };
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(input.rawBody, signature, webhookSecret, stripeToleranceSeconds);
      } catch (error) {
        const stale = error instanceof Error && /tolerance/i.test(error.message);
        return {
          ok: false,
          reason: stale ? "timestamp outside the 300 s tolerance" : "signature mismatch",
          reply: refused,
        };
      }
      if (!sessionEvents.has(event.type)) return { ok: true, report: null, reply: ok };
      const sessionId = (event.data.object as { id?: unknown }).id;
      if (typeof sessionId !== "string" || !sessionId.startsWith("cs_"))
        return { ok: false, reason: "event without a checkout session id", reply: refused };
      // The event is only a trigger: what the session says now is what counts (events arrive out of order).
      const session = await retrieve(sessionId);
      return { ok: true, report: sessionReport(session, event.id), reply: ok };
    },

    async fetchStatus(order): Promise<PaymentReport> {
      if (!order.providerRef)
        throw new PaymentProviderError("stripe", "no checkout session id is recorded for this order");
      const session = await retrieve(order.providerRef);
      const report = sessionReport(session, "");
      if (!report || report.hash !== order.hash)
        throw new PaymentProviderError("stripe", "the checkout session belongs to another order");
      return { ...report, eventKey: `status:${session.id}:${report.outcome}` };
    },
  };
}

/** What a (re-fetched) Checkout Session says about our order; null for sessions we did not create. */
export function sessionReport(session: Stripe.Checkout.Session, eventKey: string): PaymentReport | null {
  if (!session.client_reference_id || session.amount_total === null || !session.currency) return null;
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  let outcome: PaymentReport["outcome"] = "pending";
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") outcome = "paid";
  else if (session.status === "expired") outcome = "failed";
  else if (
    session.status === "complete" &&
    intent &&
    (intent.status === "requires_payment_method" || intent.status === "canceled")
  )
    // an asynchronous method (a bank debit) failed after the buyer completed Checkout
    outcome = "failed";
  return {
    hash: session.client_reference_id,
    providerRef: session.id,
    outcome,
    amountCents: session.amount_total,
    currency: session.currency.toUpperCase(),
    eventKey,
  };
}

export function stripeError(what: string, error: unknown): PaymentProviderError {
  const Stripe = loadStripe();
  if (error instanceof Stripe.errors.StripeConnectionError)
    return new PaymentProviderError("stripe", `${what} failed (network error)`);
  if (error instanceof Stripe.errors.StripeError) {
    // The SDK's message can quote parameters (or a masked key): only the status and the error code are logged.
    const code = safeCode(error.code ?? error.rawType ?? error.type);
    return new PaymentProviderError(
      "stripe",
      `${what} answered HTTP ${error.statusCode ?? "-"}${code ? ` (${code})` : ""}`,
    );
  }
  return new PaymentProviderError("stripe", `${what} failed`);
}
