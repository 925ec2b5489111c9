// A stateful fake of the parts of Stripe's API the adapter uses (Checkout Sessions create + retrieve with
// expand[]=payment_intent), with Stripe's idempotency rules, Bearer key auth, and webhook events signed exactly
// like Stripe (Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">). stripe-mock is stateless; this
// keeps sessions, payment intents and events in memory so flows (pay, expire, async failure) can be played.
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
  data: { object: Session };
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
  const now = () => Math.floor(Date.now() / 1000);

  function authorized(request: FakeRequest): FakeResponse | null {
    if (request.headers.authorization === `Bearer ${secretKey}`) return null;
    return { status: 401, json: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
  }

  function createSession(request: FakeRequest): FakeResponse {
    const params = parseStripeForm(request.body);
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

  function sessionJson(session: Session, expand: string[]) {
    if (!expand.includes("payment_intent") || !session.payment_intent) return session;
    return { ...session, payment_intent: intents.get(session.payment_intent) ?? null };
  }

  function event(type: string, session: Session): StripeEvent {
    const created: StripeEvent = {
      id: id("evt"),
      object: "event",
      type,
      created: now(),
      data: { object: structuredClone(session) },
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

  const server = await startFakeServer([
    {
      method: "POST",
      path: /^\/v1\/checkout\/sessions$/,
      handle(request) {
        const refused = authorized(request);
        if (refused) return refused;
        const key = request.headers["idempotency-key"];
        if (typeof key !== "string") return createSession(request);
        // Stripe's rule: the same key with the same parameters replays the first answer; other parameters are an error.
        const fingerprint = createHash("sha256").update(request.body).digest("hex");
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
        const response = createSession(request);
        if (response.status === 200) idempotency.set(key, { fingerprint, response });
        return response;
      },
    },
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
