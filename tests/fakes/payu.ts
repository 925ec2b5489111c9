// A stateful fake of PayU's OpenPayU v2.1: OAuth client credentials, POST /api/v2_1/orders answered with 302 and
// JSON like PayU (a repeated extOrderId is ERROR_ORDER_NOT_UNIQUE), order retrieval by id and by extOrderId, a
// payment page, and notifications signed with the second key in OpenPayu-Signature (MD5 or SHA-256).
// Defaults use PayU's public sandbox POS 145227 and its second key (documented for fixtures).
import { createHash, randomBytes } from "node:crypto";
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

export type PayuAlgorithm = "MD5" | "SHA-256";

// The fake signs on its own (not with the adapter's helper): algorithm(body + second key), hex.
function payuSignature(body: string, secondKey: string, algorithm: PayuAlgorithm): string {
  return createHash(algorithm === "MD5" ? "md5" : "sha256")
    .update(body + secondKey)
    .digest("hex");
}

export type PayuFakeOptions = { posId?: string; clientSecret?: string; secondKey?: string; algorithm?: PayuAlgorithm };

export type PayuVariant = "valid" | "body-byte" | "signature-byte" | "wrong-key" | "other-algorithm";

type PayuStatus = "NEW" | "PENDING" | "WAITING_FOR_CONFIRMATION" | "COMPLETED" | "CANCELED";

type Order = {
  orderId: string;
  extOrderId: string;
  orderCreateDate: string;
  notifyUrl: string | null;
  continueUrl: string | null;
  customerIp: string;
  merchantPosId: string;
  description: string;
  currencyCode: string;
  totalAmount: string;
  buyer: Record<string, unknown>;
  products: unknown[];
  status: PayuStatus;
};

export type PayuFake = Awaited<ReturnType<typeof startPayuFake>>;

export async function startPayuFake(options: PayuFakeOptions = {}) {
  const posId = options.posId ?? "145227";
  const clientSecret = options.clientSecret ?? "12f071174cb7eb79d4aac5bc2f07563f";
  const secondKey = options.secondKey ?? "13a980d4f851f3d9a1cfc792fb1f5e50";
  const algorithm: PayuAlgorithm = options.algorithm ?? "MD5";
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();

  function bearer(request: FakeRequest): FakeResponse | null {
    const value = request.headers.authorization ?? "";
    if (value.startsWith("Bearer ") && tokens.has(value.slice(7))) return null;
    return { status: 401, json: { status: { statusCode: "UNAUTHORIZED", statusDesc: "Unauthorized" } } };
  }

  const invalid = (statusCode: string, desc: string): FakeResponse => ({
    status: 400,
    json: { status: { statusCode, statusDesc: desc } },
  });
  const ordersJson = (list: Order[]) => ({
    orders: list.map(({ continueUrl: _continueUrl, ...order }) => order),
    status: { statusCode: "SUCCESS", statusDesc: "Request processing successful" },
  });

  function find(orderId: string): Order {
    const found = orders.get(orderId);
    if (!found) throw new Error(`no fake PayU order ${orderId}`);
    return found;
  }

  const server = await startFakeServer([
    {
      method: "POST",
      path: /^\/pl\/standard\/user\/oauth\/authorize$/,
      handle(request) {
        const form = new URLSearchParams(request.body);
        if (
          form.get("grant_type") !== "client_credentials" ||
          form.get("client_id") !== posId ||
          form.get("client_secret") !== clientSecret
        )
          return { status: 401, json: { error: "invalid_client", error_description: "Bad client credentials" } };
        const token = randomBytes(16).toString("hex");
        tokens.add(token);
        return {
          status: 200,
          json: { access_token: token, token_type: "bearer", expires_in: 43199, grant_type: "client_credentials" },
        };
      },
    },
    {
      method: "POST",
      path: /^\/api\/v2_1\/orders$/,
      handle(request) {
        const refused = bearer(request);
        if (refused) return refused;
        const body = JSON.parse(request.body) as Record<string, any>;
        if (String(body.merchantPosId) !== posId) return invalid("ERROR_VALUE_INVALID", "Invalid merchantPosId");
        if (typeof body.totalAmount !== "string" || !/^\d+$/.test(body.totalAmount))
          return invalid("ERROR_VALUE_INVALID", "Invalid totalAmount");
        for (const field of ["description", "currencyCode", "customerIp"])
          if (typeof body[field] !== "string" || !body[field])
            return invalid("ERROR_VALUE_MISSING", `Missing ${field}`);
        if (!Array.isArray(body.products) || body.products.length === 0)
          return invalid("ERROR_VALUE_MISSING", "Missing products");
        if (typeof body.extOrderId === "string" && [...orders.values()].some((o) => o.extOrderId === body.extOrderId))
          return invalid("ERROR_ORDER_NOT_UNIQUE", "Order already exists");
        const order: Order = {
          orderId: randomBytes(10).toString("hex").toUpperCase(),
          extOrderId: typeof body.extOrderId === "string" ? body.extOrderId : "",
          orderCreateDate: new Date().toISOString(),
          notifyUrl: typeof body.notifyUrl === "string" ? body.notifyUrl : null,
          continueUrl: typeof body.continueUrl === "string" ? body.continueUrl : null,
          customerIp: body.customerIp,
          merchantPosId: posId,
          description: body.description,
          currencyCode: body.currencyCode,
          totalAmount: body.totalAmount,
          buyer: typeof body.buyer === "object" && body.buyer ? body.buyer : {},
          products: body.products,
          status: "NEW",
        };
        orders.set(order.orderId, order);
        const redirectUri = `${server.url}/pay/?orderId=${order.orderId}`;
        return {
          status: 302,
          headers: { location: redirectUri },
          json: {
            status: { statusCode: "SUCCESS" },
            redirectUri,
            orderId: order.orderId,
            extOrderId: order.extOrderId,
          },
        };
      },
    },
    {
      method: "GET",
      path: /^\/api\/v2_1\/orders\/ext\/([^/]+)$/,
      handle(request, [extOrderId]) {
        const refused = bearer(request);
        if (refused) return refused;
        const list = [...orders.values()].filter((o) => o.extOrderId === extOrderId);
        return list.length
          ? { status: 200, json: ordersJson(list) }
          : { status: 404, json: { status: { statusCode: "DATA_NOT_FOUND" } } };
      },
    },
    {
      method: "GET",
      path: /^\/api\/v2_1\/orders\/([^/]+)$/,
      handle(request, [orderId]) {
        const refused = bearer(request);
        if (refused) return refused;
        const found = orders.get(orderId!);
        return found
          ? { status: 200, json: ordersJson([found]) }
          : { status: 404, json: { status: { statusCode: "DATA_NOT_FOUND" } } };
      },
    },
    {
      method: "GET",
      path: /^\/pay\/$/,
      handle(request) {
        const found = orders.get(request.query.get("orderId") ?? "");
        if (!found) return { status: 404, text: "No such order" };
        return {
          status: 200,
          html: payPage("PayU (fake)", `${(Number(found.totalAmount) / 100).toFixed(2)} ${found.currencyCode}`, [
            { label: "Pay", action: `/pay/${found.orderId}/pay` },
            { label: "Cancel", action: `/pay/${found.orderId}/cancel` },
          ]),
        };
      },
    },
    {
      method: "POST",
      path: /^\/pay\/([^/]+)\/(pay|cancel)$/,
      async handle(_request, [orderId, action]) {
        const found = orders.get(orderId!);
        if (!found) return { status: 404, text: "No such order" };
        fake.setStatus(found.orderId, action === "pay" ? "COMPLETED" : "CANCELED");
        if (found.notifyUrl) await deliver(fake.notification(found.orderId), found.notifyUrl);
        const back = new URL(found.continueUrl ?? "/", server.url);
        if (action === "cancel") back.searchParams.set("error", "501");
        return { status: 303, headers: { location: back.href } };
      },
    },
  ]);

  const fake = {
    ...server,
    posId,
    secondKey,
    algorithm,
    /** the adapter settings that match this fake */
    settings: {
      pos_id: posId,
      client_id: posId,
      client_secret: clientSecret,
      second_key: secondKey,
      digest_algorithm: algorithm,
      environment: "sandbox",
    } as Record<string, string>,
    orders,
    order: find,
    setStatus(orderId: string, status: PayuStatus) {
      find(orderId).status = status;
    },
    pay(orderId: string) {
      find(orderId).status = "COMPLETED";
    },
    cancel(orderId: string) {
      find(orderId).status = "CANCELED";
    },
    /**
     * The status notification PayU posts to notifyUrl for the order's current status (or `status`), signed with
     * the second key; `variant` builds the forgeries, `totalAmount` a validly signed one with another amount.
     */
    notification(
      orderId: string,
      variant: PayuVariant = "valid",
      extra: { status?: PayuStatus; index?: number; totalAmount?: string } = {},
    ): SignedNotification {
      const found = find(orderId);
      const index = extra.index ?? 0;
      const { continueUrl: _continueUrl, ...order } = found;
      const status = extra.status ?? found.status;
      const body = JSON.stringify({
        order: { ...order, totalAmount: extra.totalAmount ?? found.totalAmount, payMethod: { type: "PBL" }, status },
        ...(status === "COMPLETED" ? { localReceiptDateTime: new Date().toISOString() } : {}),
        properties: [{ name: "PAYMENT_ID", value: String(5_000_000_000 + orders.size) }],
      });
      const signedWith: PayuAlgorithm =
        variant === "other-algorithm" ? (algorithm === "MD5" ? "SHA-256" : "MD5") : algorithm;
      let signature = payuSignature(
        body,
        variant === "wrong-key" ? randomBytes(16).toString("hex") : secondKey,
        signedWith,
      );
      if (variant === "signature-byte") signature = changeSignatureByte(signature, "hex", index);
      return {
        headers: {
          "content-type": "application/json",
          "openpayu-signature": `sender=checkout;signature=${signature};algorithm=${signedWith};content=DOCUMENT`,
        },
        body: variant === "body-byte" ? changeBodyByte(body, index) : body,
      };
    },
    deliver(notification: SignedNotification, url: string): Promise<Delivery> {
      return deliver(notification, url);
    },
  };
  return fake;
}
