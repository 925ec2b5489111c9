// Tpay OpenAPI: OAuth client credentials, POST /transactions with the amount in decimal PLN and our order hash in
// hiddenDescription (Tpay has no idempotency header: hiddenDescription, echoed back as tr_crc, is the order
// reference we check), notifications verified twice (the JWS signature by Tpay's certificate and the md5sum with
// the merchant's security code) and answered with exactly `TRUE`. Protocol facts: ../../../shared/INTEGRATIONS.md.
import { createHash, type X509Certificate } from "node:crypto";
import {
  type NotificationInput,
  type NotificationResult,
  type PaymentOrder,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentReport,
  type PaymentStart,
} from "#core/ports/payments.ts";
import { centsToDecimal, decimalToCents } from "#core/shared/money.ts";
import {
  type AdapterOptions,
  answerError,
  callProvider,
  headerValue,
  readSettings,
  record,
  sameSignature,
  text,
} from "./http.ts";
import { readCertificate, verifyTpayJws } from "./tpay-jws.ts";
import { createTpayApi, firstErrorCode } from "./tpay-api.ts";
import { paymentProviderFields } from "#core/ports/payment-settings.ts";

const tpayFields = paymentProviderFields.tpay;

/** Where Tpay publishes its JWS root certificate, under the secure host. */
export const tpayRootPath = "/x509/tpay-jws-root.pem";
/** Where Tpay publishes its signing certificates (x5u, e.g. /x509/notifications-jws.pem), under the secure host. */
export const tpayCertificatesPath = "/x509/";

/** md5(id + tr_id + tr_amount as "%.2f" + tr_crc + security code), hex. */
export function tpayMd5sum(
  fields: { id: string; trId: string; amountCents: number; crc: string },
  securityCode: string,
): string {
  return createHash("md5")
    .update(`${fields.id}${fields.trId}${centsToDecimal(fields.amountCents)}${fields.crc}${securityCode}`)
    .digest("hex");
}

const accepted = { status: 200, body: "TRUE", contentType: "text/plain" };
const refused = { status: 400, body: "FALSE", contentType: "text/plain" };

// Tpay's certificates are public and change rarely; cached per URL for an hour across adapter instances. A
// failure (404, not a certificate, no answer) is cached too, for a minute: a flood of notifications naming a
// missing certificate makes one request per URL per minute, not one each. Concurrent look-ups share one request.
const FOUND_MS = 3_600_000;
const FAILED_MS = 60_000;
const certificateCache = new Map<string, { result: Promise<X509Certificate | null>; until: number }>();

export function createTpayProvider(settings: Record<string, string>, options: AdapterOptions = {}): PaymentProvider {
  const values = readSettings("tpay", tpayFields, settings);
  const { secureBase, fetchImpl, call: api } = createTpayApi(values, options);
  const configuredRoot = values.jws_root_pem ? readCertificate(values.jws_root_pem) : null;
  if (values.jws_root_pem && !configuredRoot)
    throw new PaymentProviderError("tpay", "setting jws_root_pem is not a PEM certificate");

  async function downloadCertificate(url: string): Promise<X509Certificate | null> {
    const answer = await callProvider("tpay", fetchImpl, url, { method: "GET" });
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw answerError("tpay", "fetching a JWS certificate", answer);
    return readCertificate(answer.text);
  }

  function fetchCertificate(url: string): Promise<X509Certificate | null> {
    const now = Date.now();
    const cached = certificateCache.get(url);
    if (cached && cached.until > now) return cached.result;
    if (certificateCache.size > 50) {
      for (const [key, entry] of certificateCache) if (entry.until <= now) certificateCache.delete(key);
      if (certificateCache.size > 50) certificateCache.clear();
    }
    const result = downloadCertificate(url);
    const entry = { result, until: now + FOUND_MS };
    certificateCache.set(url, entry);
    const failed = () => {
      entry.until = Date.now() + FAILED_MS;
    };
    result.then((certificate) => certificate ?? failed(), failed);
    return result;
  }

  const trust = {
    origin: new URL(secureBase).origin,
    certificatePrefix: `${new URL(secureBase).origin}${tpayCertificatesPath}`,
    certificate: fetchCertificate,
    async root(): Promise<X509Certificate> {
      if (configuredRoot) return configuredRoot;
      const root = await fetchCertificate(`${secureBase}${tpayRootPath}`);
      if (!root) throw new PaymentProviderError("tpay", "the JWS root certificate could not be loaded");
      return root;
    },
  };

  return {
    name: "tpay",

    async createPayment(order: PaymentOrder): Promise<PaymentStart> {
      if (order.currency !== "PLN") throw new PaymentProviderError("tpay", "Tpay accepts PLN only");
      const answer = await api("POST", "/transactions", {
        amount: Number(centsToDecimal(order.amountCents)),
        description: order.description.slice(0, 128) || order.hash,
        // Our order reference (no idempotency header at Tpay): echoed as tr_crc and checked on every notification.
        hiddenDescription: order.hash,
        lang: order.language,
        payer: { email: order.buyer.email, name: order.buyer.name || order.buyer.email },
        callbacks: {
          payerUrls: { success: order.returnUrl, error: order.returnUrl },
          notification: { url: order.notifyUrl },
        },
      });
      const body = record(answer.json);
      if (answer.status !== 200 || body.result !== "success" || typeof body.transactionPaymentUrl !== "string")
        throw answerError("tpay", "creating the transaction", answer, firstErrorCode(body));
      return { redirectUrl: body.transactionPaymentUrl, providerRef: text(body.transactionId) };
    },

    async parseNotification(input: NotificationInput): Promise<NotificationResult> {
      // The cheap checks first (fields, merchant id, md5sum, our order, its amount and currency), the JWS last:
      // checking it may fetch a certificate from Tpay's host, which a forger must not be able to trigger at will.
      const form = new URLSearchParams(input.rawBody.toString("utf8"));
      const field = (name: string) => form.get(name) ?? "";
      const amountCents = decimalToCents(field("tr_amount"));
      const paidCents = decimalToCents(field("tr_paid") || field("tr_amount"));
      if (!field("tr_id") || !field("tr_crc") || !field("md5sum") || amountCents === null || paidCents === null)
        return { ok: false, reason: "notification fields missing or malformed", reply: refused };
      const expected = tpayMd5sum(
        { id: field("id"), trId: field("tr_id"), amountCents, crc: field("tr_crc") },
        values.security_code!,
      );
      if (!sameSignature(expected, field("md5sum").toLowerCase()))
        return { ok: false, reason: "md5sum mismatch", reply: refused };
      if (values.merchant_id && field("id") !== values.merchant_id)
        return { ok: false, reason: "notification for another merchant id", reply: refused };
      if (input.findOrder) {
        const order = await input.findOrder(field("tr_crc"));
        if (!order) return { ok: false, reason: "notification for an unknown order", reply: refused };
        if (order.amountCents !== amountCents || order.currency.toUpperCase() !== "PLN")
          return { ok: false, reason: "notification amount or currency differs from the order's", reply: refused };
      }
      const jws = await verifyTpayJws(headerValue(input.headers, "x-jws-signature"), input.rawBody, trust);
      if (!jws.ok) return { ok: false, reason: jws.reason, reply: refused };
      const status = field("tr_status");
      // CHARGEBACK (and anything unknown) changes nothing here; TRUE stops Tpay from redelivering it.
      const outcome = status === "TRUE" || status === "PAID" ? "paid" : status === "FALSE" ? "failed" : null;
      if (!outcome) return { ok: true, report: null, reply: accepted };
      return {
        ok: true,
        report: {
          hash: field("tr_crc"),
          // tr_id is the transaction's title (TR-...), not the API id recorded at creation: null keeps that one.
          providerRef: null,
          outcome,
          amountCents: outcome === "paid" ? paidCents : amountCents,
          currency: "PLN",
          eventKey: `${field("tr_id")}:${status}:${field("tr_paid")}`,
        },
        reply: accepted,
      };
    },

    async fetchStatus(order): Promise<PaymentReport> {
      if (!order.providerRef) throw new PaymentProviderError("tpay", "no transaction id is recorded for this order");
      const answer = await api("GET", `/transactions/${encodeURIComponent(order.providerRef)}`);
      const body = record(answer.json);
      if (answer.status !== 200) throw answerError("tpay", "reading the transaction", answer, firstErrorCode(body));
      if (body.hiddenDescription !== order.hash)
        throw new PaymentProviderError("tpay", "the transaction belongs to another order");
      const status = String(body.status ?? "");
      const outcome = tpayStatusOutcome(status);
      const paid = record(body.payments).amountPaid;
      const amount = outcome === "paid" && typeof paid === "number" && paid > 0 ? paid : body.amount;
      const amountCents = typeof amount === "number" || typeof amount === "string" ? decimalToCents(amount) : null;
      if (amountCents === null) throw new PaymentProviderError("tpay", "the transaction has no readable amount");
      return {
        hash: order.hash,
        providerRef: order.providerRef,
        outcome,
        amountCents,
        currency: typeof body.currency === "string" ? body.currency : "PLN",
        eventKey: `status:${order.providerRef}:${status}`,
      };
    },
  };
}

/** The OpenAPI transaction status as one of our outcomes ("correct" is Tpay's word for a completed payment). */
export function tpayStatusOutcome(status: string): PaymentReport["outcome"] {
  if (status === "correct" || status === "paid") return "paid";
  if (["error", "canceled", "cancelled", "expired", "declined", "refund", "chargeback"].includes(status))
    return "failed";
  return "pending";
}
