// PayU OpenPayU v2.1: OAuth client credentials, POST /api/v2_1/orders (answered with 302 + JSON: read, never
// followed) with our order hash as extOrderId (PayU has no idempotency header; it refuses a second order with
// the same extOrderId, ERROR_ORDER_NOT_UNIQUE), notifications signed with the second key in the
// OpenPayu-Signature header (MD5 or SHA-256 of body + second key) and always answered 200.
// Protocol facts: ../../../shared/INTEGRATIONS.md ("PayU").
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
import { minorUnitsToCents } from "#core/shared/money.ts";
import {
  type AdapterOptions,
  answerError,
  callProvider,
  type HttpAnswer,
  headerValue,
  pickBaseUrl,
  readSettings,
  record,
  sameSignature,
} from "./http.ts";
import { paymentProviderFields } from "#core/ports/payment-settings.ts";

const payuFields = paymentProviderFields.payu;

const hosts = { production: "https://secure.payu.com", sandbox: "https://secure.snd.payu.com" };

export type PayuAlgorithm = "MD5" | "SHA-256";

/** algorithm(rawBody + secondKey) as lower-case hex. */
export function payuSignature(rawBody: Buffer | string, secondKey: string, algorithm: PayuAlgorithm): string {
  return createHash(algorithm === "MD5" ? "md5" : "sha256")
    .update(Buffer.concat([Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody), Buffer.from(secondKey)]))
    .digest("hex");
}

/** Parses `sender=checkout;signature=<hex>;algorithm=MD5;content=DOCUMENT`. */
export function parsePayuSignatureHeader(
  header: string,
): { signature: string; algorithm: PayuAlgorithm | null } | null {
  const parts = new Map<string, string>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) parts.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const signature = parts.get("signature");
  if (!signature) return null;
  const name = (parts.get("algorithm") ?? "").toUpperCase();
  const algorithm = name === "MD5" ? "MD5" : name === "SHA-256" || name === "SHA256" ? "SHA-256" : null;
  return { signature: signature.toLowerCase(), algorithm };
}

/** PayU retries anything but 200, so every notification is answered 200 (forged ones change nothing). */
const reply = { status: 200, body: "" };

export function createPayuProvider(settings: Record<string, string>, options: AdapterOptions = {}): PaymentProvider {
  const values = readSettings("payu", payuFields, settings);
  const base = pickBaseUrl(options.baseUrl, values.environment === "sandbox" ? hosts.sandbox : hosts.production);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const algorithm = values.digest_algorithm as PayuAlgorithm;
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const answer = await callProvider("payu", fetchImpl, `${base}/pl/standard/user/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: values.client_id || values.pos_id!,
        client_secret: values.client_secret!,
      }).toString(),
    });
    const body = record(answer.json);
    if (answer.status !== 200 || typeof body.access_token !== "string")
      throw answerError("payu", "getting an access token", answer, body.error);
    const lifetime = typeof body.expires_in === "number" ? body.expires_in : 43_199;
    token = { value: body.access_token, until: Date.now() + Math.max(lifetime - 60, 30) * 1000 };
    return token.value;
  }

  async function api(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await callProvider("payu", fetchImpl, `${base}${path}`, {
        method,
        // The order answer is a 302 to the payment page: the browser follows it, we only read it.
        redirect: "manual",
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (answer.status !== 401 || attempt > 0) return answer;
      token = null;
    }
  }

  return {
    name: "payu",

    async createPayment(order: PaymentOrder): Promise<PaymentStart> {
      const [firstName, ...rest] = order.buyer.name.trim().split(/\s+/);
      const answer = await api("POST", "/api/v2_1/orders", {
        notifyUrl: order.notifyUrl,
        continueUrl: order.returnUrl,
        customerIp: order.customerIp,
        merchantPosId: values.pos_id,
        description: order.description.slice(0, 4000) || order.hash,
        currencyCode: order.currency,
        totalAmount: String(order.amountCents),
        // Our order reference and PayU's duplicate guard (no idempotency header at PayU).
        extOrderId: order.hash,
        buyer: {
          email: order.buyer.email,
          firstName: firstName ?? "",
          lastName: rest.join(" "),
          language: order.language,
        },
        products: [
          { name: order.description.slice(0, 255) || order.hash, unitPrice: String(order.amountCents), quantity: "1" },
        ],
      });
      const body = record(answer.json);
      const statusCode = record(body.status).statusCode;
      const redirectUrl = typeof body.redirectUri === "string" ? body.redirectUri : answer.headers.get("location");
      if (
        ![200, 201, 302].includes(answer.status) ||
        statusCode !== "SUCCESS" ||
        !redirectUrl ||
        typeof body.orderId !== "string"
      )
        throw answerError("payu", "creating the order", answer, statusCode);
      return { redirectUrl, providerRef: body.orderId };
    },

    async parseNotification(input: NotificationInput): Promise<NotificationResult> {
      const header = headerValue(input.headers, "openpayu-signature");
      const parsed = header ? parsePayuSignatureHeader(header) : null;
      if (!parsed) return { ok: false, reason: "missing or malformed OpenPayu-Signature header", reply };
      // The configured algorithm decides: a notification may not downgrade SHA-256 to MD5.
      if (parsed.algorithm !== algorithm)
        return { ok: false, reason: "signature algorithm differs from the configured one", reply };
      if (!sameSignature(payuSignature(input.rawBody, values.second_key!, algorithm), parsed.signature))
        return { ok: false, reason: "signature mismatch", reply };
      let body: Record<string, unknown>;
      try {
        body = record(JSON.parse(input.rawBody.toString("utf8")));
      } catch {
        return { ok: false, reason: "notification is not JSON", reply };
      }
      // Refund notifications have no `order`: nothing for the checkout to apply.
      if (!body.order) return { ok: true, report: null, reply };
      const order = record(body.order);
      if (order.merchantPosId !== undefined && String(order.merchantPosId) !== values.pos_id)
        return { ok: false, reason: "notification for another POS", reply };
      const report = orderReport(order, "");
      if (!report) return { ok: false, reason: "notification fields missing or malformed", reply };
      return { ok: true, report: { ...report, eventKey: `${report.providerRef}:${order.status}` }, reply };
    },

    async fetchStatus(order): Promise<PaymentReport> {
      const path = order.providerRef
        ? `/api/v2_1/orders/${encodeURIComponent(order.providerRef)}`
        : `/api/v2_1/orders/ext/${encodeURIComponent(order.hash)}`;
      const answer = await api("GET", path);
      const body = record(answer.json);
      if (answer.status !== 200) throw answerError("payu", "reading the order", answer, record(body.status).statusCode);
      const orders = (Array.isArray(body.orders) ? body.orders : [])
        .map(record)
        .filter((o) => o.extOrderId === order.hash);
      const found = orders.find((o) => o.status === "COMPLETED") ?? orders.at(-1);
      const report = found ? orderReport(found, "") : null;
      if (!report) throw new PaymentProviderError("payu", "the order was not found for this reference");
      return { ...report, eventKey: `status:${report.providerRef}:${String(found!.status)}` };
    },
  };
}

/** PENDING and WAITING_FOR_CONFIRMATION wait; COMPLETED is paid; CANCELED failed. */
export function payuStatusOutcome(status: unknown): PaymentReport["outcome"] {
  if (status === "COMPLETED") return "paid";
  if (status === "CANCELED") return "failed";
  return "pending";
}

function orderReport(order: Record<string, unknown>, eventKey: string): PaymentReport | null {
  const amountCents = minorUnitsToCents(order.totalAmount);
  if (
    typeof order.orderId !== "string" ||
    typeof order.extOrderId !== "string" ||
    typeof order.currencyCode !== "string"
  )
    return null;
  if (amountCents === null || typeof order.status !== "string") return null;
  return {
    hash: order.extOrderId,
    providerRef: order.orderId,
    outcome: payuStatusOutcome(order.status),
    amountCents,
    currency: order.currencyCode,
    eventKey,
  };
}
