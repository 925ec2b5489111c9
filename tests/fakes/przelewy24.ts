// A stateful fake of Przelewy24's REST v1: HTTP Basic auth (POS id + API key), register (sign checked with the
// CRC key, token answered), the /trnRequest/{token} payment page, status by sessionId, and verify (sign, amount,
// currency and orderId checked; the transaction is settled only then). Notifications are JSON signed with sha384
// over the documented key order, like P24's.
import { createHash, randomBytes, randomUUID } from "node:crypto";
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

export type Przelewy24FakeOptions = { merchantId?: number; posId?: number; apiKey?: string; crc?: string };

export type Przelewy24Variant = "valid" | "body-byte" | "signature-byte" | "wrong-key";

type Registration = {
  token: string;
  sessionId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  client: string;
  urlReturn: string;
  urlStatus: string | null;
  /** 0 no payment, 1 paid and awaiting verify, 2 verified, 3 returned */
  status: number;
  orderId: number;
  methodId: number;
  statement: string;
  created: string;
};

// The fake signs on its own (not with the adapter's helpers), so a wrong key order in the adapter fails the tests.
const sha384 = (fields: Record<string, string | number>) =>
  createHash("sha384").update(JSON.stringify(fields)).digest("hex");

export type Przelewy24Fake = Awaited<ReturnType<typeof startPrzelewy24Fake>>;

export async function startPrzelewy24Fake(options: Przelewy24FakeOptions = {}) {
  const merchantId = options.merchantId ?? 100200;
  const posId = options.posId ?? merchantId;
  const apiKey = options.apiKey ?? "fake-p24-api-key";
  const crc = options.crc ?? "fakep24crc0123456";
  const registrations: Registration[] = [];
  let nextOrderId = 300_000_001;

  function authorized(request: FakeRequest): FakeResponse | null {
    if (request.headers.authorization === `Basic ${Buffer.from(`${posId}:${apiKey}`).toString("base64")}`) return null;
    return { status: 401, json: { error: "Incorrect authentication", code: 401 } };
  }

  const error = (message: string): FakeResponse => ({ status: 400, json: { error: message, code: 400 } });

  /** The registration a session id names: the paid one if any, else the latest. */
  function forSession(sessionId: string): Registration | undefined {
    const all = registrations.filter((r) => r.sessionId === sessionId);
    return all.find((r) => r.status > 0) ?? all.at(-1);
  }

  function find(sessionIdOrToken: string): Registration {
    const found = registrations.find((r) => r.token === sessionIdOrToken) ?? forSession(sessionIdOrToken);
    if (!found) throw new Error(`no fake P24 transaction ${sessionIdOrToken}`);
    return found;
  }

  const server = await startFakeServer([
    {
      method: "GET",
      path: /^\/api\/v1\/testAccess$/,
      handle: (request) => authorized(request) ?? { status: 200, json: { data: true, error: "" } },
    },
    {
      method: "POST",
      path: /^\/api\/v1\/transaction\/register$/,
      handle(request) {
        const refused = authorized(request);
        if (refused) return refused;
        const body = JSON.parse(request.body) as Record<string, any>;
        if (body.merchantId !== merchantId || body.posId !== posId) return error("Invalid merchantId or posId");
        if (typeof body.sessionId !== "string" || !body.sessionId || body.sessionId.length > 100)
          return error("Invalid sessionId");
        if (!Number.isSafeInteger(body.amount) || body.amount <= 0) return error("Invalid amount");
        for (const field of ["currency", "description", "email", "country", "language", "urlReturn"])
          if (typeof body[field] !== "string" || !body[field]) return error(`Invalid ${field}`);
        const expected = sha384({
          sessionId: body.sessionId,
          merchantId,
          amount: body.amount,
          currency: body.currency,
          crc,
        });
        if (body.sign !== expected) return error("Incorrect CRC value");
        const registration: Registration = {
          token: randomUUID().toUpperCase(),
          sessionId: body.sessionId,
          amount: body.amount,
          currency: body.currency,
          description: body.description,
          email: body.email,
          client: typeof body.client === "string" ? body.client : "",
          urlReturn: body.urlReturn,
          urlStatus: typeof body.urlStatus === "string" ? body.urlStatus : null,
          status: 0,
          orderId: 0,
          methodId: 0,
          statement: "",
          created: new Date().toISOString(),
        };
        registrations.push(registration);
        return { status: 200, json: { data: { token: registration.token }, responseCode: 0 } };
      },
    },
    {
      method: "PUT",
      path: /^\/api\/v1\/transaction\/verify$/,
      handle(request) {
        const refused = authorized(request);
        if (refused) return refused;
        const body = JSON.parse(request.body) as Record<string, any>;
        const found = typeof body.sessionId === "string" ? forSession(body.sessionId) : undefined;
        if (!found || found.status === 0 || body.orderId !== found.orderId) return error("Transaction not found");
        if (body.merchantId !== merchantId || body.posId !== posId) return error("Invalid merchantId or posId");
        if (body.amount !== found.amount || body.currency !== found.currency)
          return error("Invalid amount or currency");
        const expected = sha384({
          sessionId: found.sessionId,
          orderId: found.orderId,
          amount: found.amount,
          currency: found.currency,
          crc,
        });
        if (body.sign !== expected) return error("Incorrect CRC value");
        if (found.status === 2) return error("Transaction already verified");
        found.status = 2;
        return { status: 200, json: { data: { status: "success" }, responseCode: 0 } };
      },
    },
    {
      method: "GET",
      path: /^\/api\/v1\/transaction\/by\/sessionId\/([^/]+)$/,
      handle(request, [sessionId]) {
        const refused = authorized(request);
        if (refused) return refused;
        const found = forSession(sessionId!);
        if (!found) return { status: 404, json: { error: "Transaction not found", code: 404 } };
        return {
          status: 200,
          json: {
            data: {
              statement: found.statement,
              orderId: found.orderId,
              sessionId: found.sessionId,
              status: found.status,
              amount: found.amount,
              currency: found.currency,
              date: found.created,
              dateOfTransaction: found.created,
              clientEmail: found.email,
              accountMD5: "",
              paymentMethod: found.methodId,
              description: found.description,
              clientName: found.client,
              clientAddress: "",
              clientCity: "",
              clientPostcode: "",
              batchId: 0,
              fee: "0",
            },
            responseCode: 0,
          },
        };
      },
    },
    {
      method: "GET",
      path: /^\/trnRequest\/([^/]+)$/,
      handle(_request, [token]) {
        const found = registrations.find((r) => r.token === token);
        if (!found) return { status: 404, text: "No such transaction" };
        return {
          status: 200,
          html: payPage("Przelewy24 (fake)", `${(found.amount / 100).toFixed(2)} ${found.currency}`, [
            { label: "Pay", action: `/trnRequest/${found.token}/pay` },
            { label: "Back", action: `/trnRequest/${found.token}/back` },
          ]),
        };
      },
    },
    {
      method: "POST",
      path: /^\/trnRequest\/([^/]+)\/(pay|back)$/,
      async handle(_request, [token, action]) {
        const found = registrations.find((r) => r.token === token);
        if (!found) return { status: 404, text: "No such transaction" };
        if (action === "pay") {
          fake.pay(found.token);
          if (found.urlStatus) await deliver(fake.notification(found.token), found.urlStatus);
        }
        return { status: 303, headers: { location: found.urlReturn } };
      },
    },
  ]);

  const fake = {
    ...server,
    merchantId,
    posId,
    crc,
    /** the adapter settings that match this fake */
    settings: {
      merchant_id: String(merchantId),
      pos_id: String(posId),
      api_key: apiKey,
      crc_key: crc,
      environment: "sandbox",
    } as Record<string, string>,
    registrations,
    transaction: find,
    /** The buyer pays: P24 assigns an order id; the money waits for our verify (status 1). */
    pay(sessionIdOrToken: string) {
      const found = find(sessionIdOrToken);
      found.status = 1;
      found.orderId = nextOrderId++;
      found.methodId = 25;
      found.statement = `p24-${randomBytes(3).toString("hex").toUpperCase()}`;
    },
    /** whether our verify call settled the payment */
    verified(sessionId: string): boolean {
      return forSession(sessionId)?.status === 2;
    },
    /**
     * The notification P24 posts to urlStatus after a payment, signed with the CRC key; `variant` builds the
     * forgeries and `amount` a validly signed notification with another amount (grosze).
     */
    notification(
      sessionIdOrToken: string,
      variant: Przelewy24Variant = "valid",
      extra: { index?: number; amount?: number } = {},
    ): SignedNotification {
      const found = find(sessionIdOrToken);
      if (!found.orderId) throw new Error("the fake P24 transaction is not paid yet: call pay() first");
      const index = extra.index ?? 0;
      const fields = {
        merchantId,
        posId,
        sessionId: found.sessionId,
        amount: extra.amount ?? found.amount,
        originAmount: extra.amount ?? found.amount,
        currency: found.currency,
        orderId: found.orderId,
        methodId: found.methodId,
        statement: found.statement,
      };
      let sign = sha384({ ...fields, crc: variant === "wrong-key" ? randomBytes(8).toString("hex") : crc });
      if (variant === "signature-byte") sign = changeSignatureByte(sign, "hex", index);
      const body = JSON.stringify({ ...fields, sign });
      return {
        headers: { "content-type": "application/json" },
        body: variant === "body-byte" ? changeBodyByte(body, index) : body,
      };
    },
    deliver(notification: SignedNotification, url: string): Promise<Delivery> {
      return deliver(notification, url);
    },
  };
  return fake;
}
