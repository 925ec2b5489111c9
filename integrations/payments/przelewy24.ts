// Przelewy24 REST v1: HTTP Basic (POS id + API key), register with a sha384 sign over a JSON of fixed key order,
// the buyer goes to /trnRequest/{token}, P24 posts a signed JSON notification (successful payments only), and the
// payment is settled only after our verify call (confirm(), called by core after its own checks). P24 has no
// idempotency header: sessionId, our order hash, is the order reference we send and check.
// Protocol facts: ../../../shared/INTEGRATIONS.md ("Przelewy24").
import { createHash } from "node:crypto";
import {
  type NotificationInput,
  type NotificationResult,
  type PaymentOrder,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentReport,
  type PaymentStart,
} from "#core/ports/payments.ts";
import {
  type AdapterOptions,
  answerError,
  callProvider,
  type HttpAnswer,
  pickBaseUrl,
  readSettings,
  record,
  sameSignature,
} from "./http.ts";
import { paymentProviderFields } from "#core/ports/payment-settings.ts";

const przelewy24Fields = paymentProviderFields.przelewy24;

const hosts = { production: "https://secure.przelewy24.pl", sandbox: "https://sandbox.przelewy24.pl" };

/** sha384 hex of the JSON of exactly these keys in exactly this order (JSON.stringify keeps insertion order). */
function sign(fields: Record<string, string | number>): string {
  return createHash("sha384").update(JSON.stringify(fields)).digest("hex");
}

export function p24RegisterSign(
  f: { sessionId: string; merchantId: number; amount: number; currency: string },
  crc: string,
): string {
  return sign({ sessionId: f.sessionId, merchantId: f.merchantId, amount: f.amount, currency: f.currency, crc });
}

export type P24Notification = {
  merchantId: number;
  posId: number;
  sessionId: string;
  amount: number;
  originAmount: number;
  currency: string;
  orderId: number;
  methodId: number;
  statement: string;
};

export function p24NotificationSign(f: P24Notification, crc: string): string {
  return sign({
    merchantId: f.merchantId,
    posId: f.posId,
    sessionId: f.sessionId,
    amount: f.amount,
    originAmount: f.originAmount,
    currency: f.currency,
    orderId: f.orderId,
    methodId: f.methodId,
    statement: f.statement,
    crc,
  });
}

export function p24VerifySign(
  f: { sessionId: string; orderId: number; amount: number; currency: string },
  crc: string,
): string {
  return sign({ sessionId: f.sessionId, orderId: f.orderId, amount: f.amount, currency: f.currency, crc });
}

const ok = { status: 200, body: "" };
const refused = { status: 400, body: "" };

export function createPrzelewy24Provider(
  settings: Record<string, string>,
  options: AdapterOptions = {},
): PaymentProvider {
  const values = readSettings("przelewy24", przelewy24Fields, settings);
  const merchantId = Number(values.merchant_id);
  const posId = Number(values.pos_id || values.merchant_id);
  if (!Number.isSafeInteger(merchantId) || !Number.isSafeInteger(posId))
    throw new PaymentProviderError("przelewy24", "settings merchant_id and pos_id must be numbers");
  const crc = values.crc_key!;
  const base = pickBaseUrl(options.baseUrl, values.environment === "sandbox" ? hosts.sandbox : hosts.production);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const authorization = `Basic ${Buffer.from(`${posId}:${values.api_key}`).toString("base64")}`;

  function api(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    return callProvider("przelewy24", fetchImpl, `${base}${path}`, {
      method,
      headers: {
        authorization,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function status(hash: string): Promise<{ status: number; amount: number; currency: string; orderId: number }> {
    const answer = await api("GET", `/api/v1/transaction/by/sessionId/${encodeURIComponent(hash)}`);
    const data = record(record(answer.json).data);
    if (answer.status !== 200 || typeof data.status !== "number")
      throw answerError("przelewy24", "reading the transaction", answer, record(answer.json).code);
    if (data.sessionId !== undefined && data.sessionId !== hash)
      throw new PaymentProviderError("przelewy24", "the transaction belongs to another order");
    const amount = typeof data.amount === "number" ? data.amount : NaN;
    if (!Number.isSafeInteger(amount))
      throw new PaymentProviderError("przelewy24", "the transaction has no readable amount");
    return {
      status: data.status,
      amount,
      currency: typeof data.currency === "string" ? data.currency : "",
      orderId: typeof data.orderId === "number" ? data.orderId : 0,
    };
  }

  return {
    name: "przelewy24",

    async createPayment(order: PaymentOrder): Promise<PaymentStart> {
      const answer = await api("POST", "/api/v1/transaction/register", {
        merchantId,
        posId,
        // Our order reference (P24 has no idempotency header); notifications and verify name it.
        sessionId: order.hash,
        amount: order.amountCents,
        currency: order.currency,
        description: order.description.slice(0, 1024) || order.hash,
        email: order.buyer.email,
        client: order.buyer.name.slice(0, 40),
        country: "PL",
        language: order.language,
        urlReturn: order.returnUrl,
        urlStatus: order.notifyUrl,
        encoding: "UTF-8",
        sign: p24RegisterSign(
          { sessionId: order.hash, merchantId, amount: order.amountCents, currency: order.currency },
          crc,
        ),
      });
      const token = record(record(answer.json).data).token;
      if (answer.status !== 200 || typeof token !== "string" || !/^[A-Za-z0-9-]+$/.test(token))
        throw answerError("przelewy24", "registering the transaction", answer, record(answer.json).code);
      return { redirectUrl: `${base}/trnRequest/${token}`, providerRef: token };
    },

    async parseNotification(input: NotificationInput): Promise<NotificationResult> {
      let body: Record<string, unknown>;
      try {
        body = record(JSON.parse(input.rawBody.toString("utf8")));
      } catch {
        return { ok: false, reason: "notification is not JSON", reply: refused };
      }
      const fields = readNotification(body);
      if (!fields || typeof body.sign !== "string")
        return { ok: false, reason: "notification fields missing or malformed", reply: refused };
      if (!sameSignature(p24NotificationSign(fields, crc), body.sign.toLowerCase()))
        return { ok: false, reason: "sign mismatch", reply: refused };
      if (fields.merchantId !== merchantId || fields.posId !== posId)
        return { ok: false, reason: "notification for another merchant or POS", reply: refused };
      return {
        ok: true,
        report: {
          hash: fields.sessionId,
          providerRef: String(fields.orderId),
          outcome: "paid",
          amountCents: fields.amount,
          currency: fields.currency,
          eventKey: String(fields.orderId),
        },
        reply: ok,
      };
    },

    async confirm(report, order): Promise<void> {
      const orderId = Number(report.providerRef);
      if (!Number.isSafeInteger(orderId) || orderId <= 0)
        throw new PaymentProviderError("przelewy24", "no P24 order id to verify");
      const answer = await api("PUT", "/api/v1/transaction/verify", {
        merchantId,
        posId,
        sessionId: order.hash,
        amount: order.amountCents,
        currency: order.currency,
        orderId,
        sign: p24VerifySign(
          { sessionId: order.hash, orderId, amount: order.amountCents, currency: order.currency },
          crc,
        ),
      });
      if (answer.status === 200 && record(record(answer.json).data).status === "success") return;
      // A repeated verify (a replay after a crash) may be refused: settled at P24 with our amount counts as done.
      const now = await status(order.hash).catch(() => null);
      if (now && now.status === 2 && now.amount === order.amountCents && now.currency === order.currency) return;
      throw answerError("przelewy24", "verifying the transaction", answer, record(answer.json).code);
    },

    async fetchStatus(order): Promise<PaymentReport> {
      const now = await status(order.hash);
      return {
        hash: order.hash,
        providerRef: now.orderId > 0 ? String(now.orderId) : order.providerRef,
        outcome: p24StatusOutcome(now.status),
        amountCents: now.amount,
        currency: now.currency || order.currency,
        eventKey: `status:${order.hash}:${now.status}`,
      };
    },
  };
}

/** P24 transaction status: 0 no payment, 1 paid and awaiting our verify, 2 paid and verified, 3 returned. */
export function p24StatusOutcome(status: number): PaymentReport["outcome"] {
  if (status === 1 || status === 2) return "paid";
  if (status === 3) return "failed";
  return "pending";
}

function readNotification(body: Record<string, unknown>): P24Notification | null {
  const integer = (value: unknown) =>
    typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
  const fields = {
    merchantId: integer(body.merchantId),
    posId: integer(body.posId),
    sessionId: typeof body.sessionId === "string" ? body.sessionId : null,
    amount: integer(body.amount),
    originAmount: integer(body.originAmount),
    currency: typeof body.currency === "string" ? body.currency : null,
    orderId: integer(body.orderId),
    methodId: integer(body.methodId),
    statement: typeof body.statement === "string" ? body.statement : null,
  };
  return Object.values(fields).every((value) => value !== null) ? (fields as P24Notification) : null;
}
