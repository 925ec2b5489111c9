// A stateful fake of the parts of Stripe's API the adapters use (Checkout Sessions create + retrieve with
// expand[]=payment_intent | setup_intent; and for Stripe Billing, ./stripe-billing.ts: customers, prices,
// subscriptions, invoices, payment methods), with Stripe's idempotency rules on every POST, Bearer key auth, and
// webhook events signed exactly like Stripe (Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">).
// stripe-mock is stateless; this keeps everything in memory so flows (pay, expire, async failure, subscribe,
// renew, fail, retry, cancel, card update) can be played, and their events delivered, replayed or reordered.
import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  changeBodyByte,
  changeSignatureByte,
  deliver,
  type Delivery,
  type FakeRequest,
  type FakeResponse,
  payPage,
  type SignedNotification,
  startFakeServer,
} from "./fake-http.ts";
import { billingSessionProblem, createBillingState, type FakeCard, STRIPE_CARDS } from "./stripe-billing.ts";

export { STRIPE_CARDS, type FakeCard } from "./stripe-billing.ts";

export type StripeFakeOptions = { secretKey?: string; webhookSecret?: string; webhookUrl?: string };

export type StripeVariant = "valid" | "body-byte" | "signature-byte" | "wrong-key" | "stale";

type Session = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  url: string | null;
  customer?: string | null;
  subscription?: string | null;
  setup_intent?: string | null;
  /** what a subscription / setup session was created with (kept off the JSON Stripe answers) */
  __line_items?: unknown;
  __subscription_data?: unknown;
  __setup_intent_data?: unknown;
};

type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
};

type StripeEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
};

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

export async function startStripeFake(options: StripeFakeOptions = {}) {
  const secretKey = options.secretKey ?? "sk_test_fake_0123456789";
  const webhookSecret = options.webhookSecret ?? "whsec_fake_0123456789";
  let webhookUrl = options.webhookUrl ?? null;
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const events = new Map<string, StripeEvent>();
  const idempotency = new Map<string, { fingerprint: string; response: FakeResponse }>();
  const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
  /** the card the next hosted page completes with (a test sets it before "pressing" the button) */
  let nextCard: FakeCard | null = null;
  const now = () => Math.floor(Date.now() / 1000);

  function authorized(request: FakeRequest): FakeResponse | null {
    if (request.headers.authorization === `Bearer ${secretKey}`) return null;
    return { status: 401, json: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
  }

  function createSession(request: FakeRequest): FakeResponse {
    const params = parseStripeForm(request.body);
    if (params.mode === "subscription" || params.mode === "setup") return createBillingSession(params);
    const items = Array.isArray(params.line_items) ? params.line_items : [];
    const item = record(items[0]);
    const price = record(item.price_data);
    const amount = Number(price.unit_amount) * Number(item.quantity ?? 1);
    if (
      params.mode !== "payment" ||
      typeof params.success_url !== "string" ||
      !Number.isSafeInteger(amount) ||
      typeof price.currency !== "string"
    )
      return {
        status: 400,
        json: {
          error: { type: "invalid_request_error", code: "parameter_missing", message: "Missing required param" },
        },
      };
    const sessionId = id("cs");
    const session: Session = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: String(params.cancel_url ?? ""),
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      created: now(),
      currency: price.currency,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      expires_at: now() + 86_400,
      livemode: false,
      locale: typeof params.locale === "string" ? params.locale : null,
      metadata: record(params.metadata) as Record<string, string>,
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      url: `${fake.url}/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return { status: 200, json: session };
  }

  function createBillingSession(params: Record<string, unknown>): FakeResponse {
    const problem = billingSessionProblem(params, billing.customers, billing.prices);
    if (problem)
      return {
        status: 400,
        json: { error: { type: "invalid_request_error", code: "resource_missing", message: problem } },
      };
    const sessionId = id("cs");
    const session: Session = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: 0,
      amount_total: 0,
      cancel_url: String(params.cancel_url ?? ""),
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      created: now(),
      currency: String(params.currency ?? ""),
      customer_email: null,
      expires_at: now() + 86_400,
      livemode: false,
      locale: typeof params.locale === "string" ? params.locale : null,
      metadata: record(params.metadata) as Record<string, string>,
      mode: String(params.mode),
      payment_intent: null,
      payment_status: params.mode === "setup" ? "no_payment_required" : "unpaid",
      status: "open",
      success_url: String(params.success_url ?? ""),
      url: `${fake.url}/c/pay/${sessionId}`,
      customer: String(params.customer),
      subscription: null,
      setup_intent: null,
      __line_items: params.line_items,
      __subscription_data: params.subscription_data,
      __setup_intent_data: params.setup_intent_data,
    };
    sessions.set(sessionId, session);
    return { status: 200, json: publicSession(session) };
  }

  /** The session as Stripe shows it: the creation parameters kept for the flows are not part of it. */
  function publicSession(session: Session): Record<string, unknown> {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith("__")));
  }

  function sessionJson(session: Session, expand: string[]) {
    const json = publicSession(session);
    if (expand.includes("payment_intent") && session.payment_intent)
      json.payment_intent = intents.get(session.payment_intent) ?? null;
    if (expand.includes("setup_intent") && session.setup_intent)
      json.setup_intent = billing.setupIntent(session.setup_intent);
    return json;
  }

  function event(type: string, object: { id: string }): StripeEvent {
    const data = "object" in object && object.object === "checkout.session" ? publicSession(object as Session) : object;
    const created: StripeEvent = {
      id: id("evt"),
      object: "event",
      type,
      created: now(),
      data: { object: structuredClone(data) as Record<string, unknown> },
      livemode: false,
      api_version: "2026-10-28.endive",
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    events.set(created.id, created);
    return created;
  }

  function mustSession(sessionId: string): Session {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no fake Stripe session ${sessionId}`);
    return session;
  }

  function intentFor(session: Session, status: string): PaymentIntent {
    const intent: PaymentIntent = session.payment_intent
      ? intents.get(session.payment_intent)!
      : {
          id: id("pi"),
          object: "payment_intent",
          amount: session.amount_total,
          currency: session.currency,
          status,
          metadata: session.metadata,
        };
    intent.status = status;
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  /** Stripe's rule: the same key with the same parameters replays the first answer; other parameters are an error. */
  function idempotent(request: FakeRequest, create: () => FakeResponse): FakeResponse {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string") return create();
    const fingerprint = createHash("sha256").update(`${request.path}\n${request.body}`).digest("hex");
    const earlier = idempotency.get(key);
    if (earlier && earlier.fingerprint !== fingerprint)
      return {
        status: 400,
        json: {
          error: {
            type: "idempotency_error",
            message: "Keys for idempotent requests can only be used with the same parameters",
          },
        },
      };
    if (earlier) return { ...earlier.response, headers: { "idempotent-replayed": "true" } };
    const response = create();
    if (response.status === 200) idempotency.set(key, { fingerprint, response: structuredClone(response) });
    return response;
  }

  const billing = createBillingState({
    id,
    now,
    event: (type, object) => event(type, object).id,
    url: () => fake.url,
    params: (request) => parseStripeForm(request.body),
    error: (status, type, code, message) => ({ status, json: { error: { type, code, message } } }),
  });

  const server = await startFakeServer([
    {
      method: "POST",
      path: /^\/v1\/checkout\/sessions$/,
      handle(request) {
        const refused = authorized(request);
        if (refused) return refused;
        return idempotent(request, () => createSession(request));
      },
    },
    ...billing.routes(authorized, idempotent),
    {
      method: "GET",
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle(request, [sessionId]) {
        const refused = authorized(request);
        if (refused) return refused;
        const session = sessions.get(sessionId!);
        if (!session)
          return {
            status: 404,
            json: {
              error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" },
            },
          };
        const expand = [...request.query.entries()]
          .filter(([key]) => key.startsWith("expand"))
          .map(([, value]) => value);
        return { status: 200, json: sessionJson(session, expand) };
      },
    },
    {
      method: "GET",
      path: /^\/c\/pay\/([^/]+)$/,
      handle(_request, [sessionId]) {
        const session = sessions.get(sessionId!);
        if (!session) return { status: 404, text: "No such session" };
        if (session.mode !== "payment")
          return {
            status: 200,
            html: payPage(
              session.mode === "setup" ? "Stripe Checkout: save a card (fake)" : "Stripe Checkout: subscribe (fake)",
              session.mode === "setup" ? "0.00" : "subscription",
              [
                { label: session.mode === "setup" ? "Save card" : "Pay", action: `/c/pay/${session.id}/complete` },
                { label: "Cancel", action: `/c/pay/${session.id}/cancel` },
              ],
            ),
          };
        return {
          status: 200,
          html: payPage(
            "Stripe Checkout (fake)",
            `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`,
            [
              { label: "Pay", action: `/c/pay/${session.id}/complete` },
              { label: "Cancel", action: `/c/pay/${session.id}/cancel` },
            ],
          ),
        };
      },
    },
    {
      method: "POST",
      path: /^\/c\/pay\/([^/]+)\/(complete|cancel)$/,
      async handle(_request, [sessionId, action]) {
        const session = sessions.get(sessionId!);
        if (!session) return { status: 404, text: "No such session" };
        if (action === "cancel") return { status: 303, headers: { location: session.cancel_url } };
        if (session.mode !== "payment") {
          const events =
            session.mode === "setup"
              ? billing.completeSetupCheckout(session, nextCard ?? STRIPE_CARDS.mastercard)
              : billing.completeSubscriptionCheckout(session, nextCard ?? STRIPE_CARDS.visa);
          nextCard = null;
          if (webhookUrl) for (const eventId of events) await fake.deliver(fake.notification(eventId), webhookUrl);
          return { status: 303, headers: { location: session.success_url } };
        }
        const paid = fake.pay(session.id);
        if (webhookUrl) await fake.deliver(fake.notification(paid.id), webhookUrl);
        return { status: 303, headers: { location: session.success_url } };
      },
    },
  ]);

  const fake = {
    ...server,
    secretKey,
    webhookSecret,
    /** the adapter settings that match this fake */
    settings: { secret_key: secretKey, webhook_secret: webhookSecret } as Record<string, string>,
    sessions,
    events,
    /** Stripe Billing's state and the moves of a subscription's life (each answers the events' ids) */
    billing,
    /** The card the next hosted subscribe / save-card page completes with (default: Visa 4242 / Mastercard 4444). */
    useCard(card: FakeCard) {
      nextCard = card;
    },
    /** The ids of the events about one object (a subscription, invoice or session), oldest first. */
    eventsAbout(objectId: string, type?: string): string[] {
      return [...events.values()]
        .filter((stored) => stored.data.object.id === objectId && (!type || stored.type === type))
        .map((stored) => stored.id);
    },
    /** where the pay page delivers events (Stripe's dashboard-configured endpoint): our /payments/stripe/notify */
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    session: mustSession,
    /** The buyer pays by card: the session completes and is paid; returns the checkout.session.completed event. */
    pay(sessionId: string): StripeEvent {
      const session = mustSession(sessionId);
      intentFor(session, "succeeded");
      Object.assign(session, { status: "complete", payment_status: "paid", url: null });
      return event("checkout.session.completed", session);
    },
    /** The buyer completes Checkout with a delayed method (bank debit): complete but unpaid, processing. */
    completeAsync(sessionId: string): StripeEvent {
      const session = mustSession(sessionId);
      intentFor(session, "processing");
      Object.assign(session, { status: "complete", payment_status: "unpaid", url: null });
      return event("checkout.session.completed", session);
    },
    /** The delayed method fails later. */
    failAsync(sessionId: string): StripeEvent {
      const session = mustSession(sessionId);
      intentFor(session, "requires_payment_method");
      return event("checkout.session.async_payment_failed", session);
    },
    /** The session was never paid and expired. */
    expire(sessionId: string): StripeEvent {
      const session = mustSession(sessionId);
      Object.assign(session, { status: "expired", url: null });
      return event("checkout.session.expired", session);
    },
    /** Any other event type (the adapter must ignore it). */
    otherEvent(type: string, sessionId: string): StripeEvent {
      return event(type, mustSession(sessionId));
    },
    /** Delivers events to the webhook URL, in the order given; answers the HTTP statuses. */
    async deliverEvents(eventIds: string[]): Promise<number[]> {
      const statuses: number[] = [];
      for (const eventId of eventIds) statuses.push((await fake.deliver(fake.notification(eventId))).status);
      return statuses;
    },
    /**
     * The webhook delivery of an event, signed like Stripe; `variant` builds the forgeries: one body byte changed,
     * one signature byte changed, signed with another secret, or a timestamp older than the 300 s tolerance.
     */
    notification(eventId: string, variant: StripeVariant = "valid", index = 0): SignedNotification {
      const stored = events.get(eventId);
      if (!stored) throw new Error(`no fake Stripe event ${eventId}`);
      const body = JSON.stringify(stored, null, 2);
      const timestamp = variant === "stale" ? now() - 301 - index : now();
      const secret = variant === "wrong-key" ? `whsec_${randomBytes(16).toString("hex")}` : webhookSecret;
      let signature = stripeSignature(body, timestamp, secret);
      if (variant === "signature-byte") signature = changeSignatureByte(signature, "hex", index);
      return {
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": `t=${timestamp},v1=${signature}`,
        },
        body: variant === "body-byte" ? changeBodyByte(body, index) : body,
      };
    },
    deliver(notification: SignedNotification, url?: string): Promise<Delivery> {
      const target = url ?? webhookUrl;
      if (!target) throw new Error("no webhook URL set on the Stripe fake");
      return deliver(notification, target);
    },
  };
  return fake;
}

/** HMAC-SHA256 of "<t>.<body>" with the endpoint secret, hex: Stripe's v1 scheme. */
export function stripeSignature(body: string, timestamp: number, secret: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}
