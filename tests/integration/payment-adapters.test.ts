// The payment adapters against their stateful fakes over real HTTP: creating a payment (redirect, reference,
// idempotency key derived from the order hash on every POST), reading notifications into PaymentReports (amount in
// cents, currency, our hash, an eventKey that a replay repeats), Przelewy24's verify, status checks, and the
// fakes' payment pages, which post signed notifications the way the providers do.
// Idempotency: Stripe gets an Idempotency-Key header; Tpay, P24 and PayU have no such header, so the order
// reference fields carry our hash (Tpay hiddenDescription, P24 sessionId, PayU extOrderId, which PayU refuses
// to repeat).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { type NotificationResult, type PaymentProvider, PaymentProviderError } from "#core/ports/payments.ts";
import { createPaymentProvider } from "#integrations/payments/registry.ts";
import type { FakeServer } from "#tests/fakes/fake-http.ts";
import { asNotificationInput, samplePaymentOrder } from "#tests/fakes/payment-order.ts";
import { startPayuFake } from "#tests/fakes/payu.ts";
import { startPrzelewy24Fake } from "#tests/fakes/przelewy24.ts";
import { startStripeFake } from "#tests/fakes/stripe.ts";
import { startTpayFake } from "#tests/fakes/tpay.ts";

const running: { close(): Promise<void> }[] = [];
const fakes: FakeServer[] = [];

afterEach(async () => {
  const unhandled = fakes.flatMap((fake) => fake.unhandled.map((r) => `${r.method} ${r.path}`));
  for (const server of running.splice(0)) await server.close();
  fakes.length = 0;
  expect(unhandled).toEqual([]);
});

async function started<T extends FakeServer>(fake: Promise<T>): Promise<T> {
  const value = await fake;
  fakes.push(value);
  running.push(value);
  return value;
}

/** Stands in for our notify route: hands the raw request to the adapter and answers what it says. */
async function notifyEndpoint(provider: PaymentProvider) {
  const results: NotificationResult[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const result = await provider.parseNotification({ headers: request.headers, rawBody: Buffer.concat(chunks) });
      results.push(result);
      response
        .writeHead(result.reply.status, { "content-type": result.reply.contentType ?? "text/plain" })
        .end(result.reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`, results };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

/** A browser on the fake's payment page pressing a button (a form post), not following the redirect. */
async function press(pageUrl: string, label: string): Promise<string | null> {
  const page = await (await fetch(pageUrl)).text();
  const action = new RegExp(`<form method="post" action="([^"]+)"><button type="submit">${label}</button>`).exec(
    page,
  )?.[1];
  if (!action) throw new Error(`no ${label} button on ${pageUrl}`);
  const response = await fetch(new URL(action, pageUrl), { method: "POST", redirect: "manual" });
  return response.headers.get("location");
}

describe("Stripe adapter with the Stripe fake", () => {
  it("creates one Checkout Session per order: Idempotency-Key from the hash, our hash as client_reference_id", async () => {
    const fake = await started(startStripeFake());
    const stripe = createPaymentProvider("stripe", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder({ amountCents: 4999, currency: "EUR", language: "en" });
    const first = await stripe.createPayment(order);
    const again = await stripe.createPayment(order);
    expect(first.providerRef).toMatch(/^cs_test_/);
    expect(first.redirectUrl).toBe(`${fake.url}/c/pay/${first.providerRef}`);
    expect(again).toEqual(first);
    expect(fake.sessions.size).toBe(1);
    const posts = fake.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.headers["idempotency-key"])).toEqual([
      `studium-checkout-${order.hash}`,
      `studium-checkout-${order.hash}`,
    ]);
    expect(posts.every((r) => r.headers.authorization === `Bearer ${fake.secretKey}`)).toBe(true);
    const form = new URLSearchParams(posts[0]!.body);
    expect(form.get("client_reference_id")).toBe(order.hash);
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("4999");
    expect(form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(form.get("success_url")).toBe(order.returnUrl);
    // another order with the same key would be a different request: Stripe refuses it, and so does the fake
    await expect(stripe.createPayment({ ...order, amountCents: 5000 })).rejects.toThrow(/idempotency_error/);
  });

  it("treats the webhook as a trigger: re-fetches the session and reports its payment_status, amount_total, currency and reference", async () => {
    const fake = await started(startStripeFake());
    const stripe = createPaymentProvider("stripe", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    const { providerRef } = await stripe.createPayment(order);
    // an event whose snapshot says "open, unpaid", delivered after the session was paid: the session decides
    const early = fake.otherEvent("checkout.session.completed", providerRef!);
    fake.pay(providerRef!);
    const requestsBefore = fake.requests.length;
    const result = await stripe.parseNotification(asNotificationInput(fake.notification(early.id)));
    expect(result).toEqual({
      ok: true,
      report: {
        hash: order.hash,
        providerRef,
        outcome: "paid",
        amountCents: 12345,
        currency: "PLN",
        eventKey: early.id,
      },
      reply: { status: 200, body: "" },
    });
    const fetched = fake.requests.slice(requestsBefore);
    expect(fetched.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${providerRef}`]);
    expect(fetched[0]!.query.get("expand[0]")).toBe("payment_intent");
    // a replay, even re-signed with a new timestamp, carries the same event id: the same eventKey
    const replay = await stripe.parseNotification(asNotificationInput(fake.notification(early.id)));
    expect(replay.ok && replay.report?.eventKey).toBe(early.id);
  });

  it("accepts a header made by stripe.webhooks.generateTestHeaderString and ignores event types it does not handle", async () => {
    const fake = await started(startStripeFake());
    const stripe = createPaymentProvider("stripe", fake.settings, { baseUrl: fake.url });
    const { providerRef } = await stripe.createPayment(samplePaymentOrder());
    const event = fake.otherEvent("customer.created", providerRef!);
    const body = String(fake.notification(event.id).body);
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret });
    expect(
      await stripe.parseNotification({ headers: { "stripe-signature": header }, rawBody: Buffer.from(body) }),
    ).toEqual({
      ok: true,
      report: null,
      reply: { status: 200, body: "" },
    });
  });

  it("reports expired sessions and failed delayed payments as failed, and checks status on request", async () => {
    const fake = await started(startStripeFake());
    const stripe = createPaymentProvider("stripe", fake.settings, { baseUrl: fake.url });
    const expiring = samplePaymentOrder();
    const expiringRef = (await stripe.createPayment(expiring)).providerRef;
    expect((await stripe.fetchStatus({ ...expiring, providerRef: expiringRef })).outcome).toBe("pending");
    const expired = await stripe.parseNotification(
      asNotificationInput(fake.notification(fake.expire(expiringRef!).id)),
    );
    expect(expired.ok && expired.report?.outcome).toBe("failed");
    expect((await stripe.fetchStatus({ ...expiring, providerRef: expiringRef })).outcome).toBe("failed");

    const delayed = samplePaymentOrder();
    const delayedRef = (await stripe.createPayment(delayed)).providerRef!;
    const completed = await stripe.parseNotification(
      asNotificationInput(fake.notification(fake.completeAsync(delayedRef).id)),
    );
    expect(completed.ok && completed.report?.outcome).toBe("pending");
    const failed = await stripe.parseNotification(
      asNotificationInput(fake.notification(fake.failAsync(delayedRef).id)),
    );
    expect(failed.ok && failed.report?.outcome).toBe("failed");

    await expect(stripe.fetchStatus({ ...delayed, hash: "another-order", providerRef: delayedRef })).rejects.toThrow(
      /another order/,
    );
  });

  it("pays through the fake's Checkout page, which delivers a signed event to the webhook endpoint", async () => {
    const fake = await started(startStripeFake());
    const stripe = createPaymentProvider("stripe", fake.settings, { baseUrl: fake.url });
    const endpoint = await notifyEndpoint(stripe);
    fake.setWebhookUrl(endpoint.url);
    const order = samplePaymentOrder();
    const { redirectUrl } = await stripe.createPayment(order);
    expect(await press(redirectUrl, "Pay")).toBe(order.returnUrl);
    expect(endpoint.results).toMatchObject([
      { ok: true, report: { hash: order.hash, outcome: "paid", amountCents: 12345 } },
    ]);
  });

  it("fails with a message that names the status and code but not the key", async () => {
    const fake = await started(startStripeFake());
    const stripe = createPaymentProvider(
      "stripe",
      { ...fake.settings, secret_key: "sk_test_wrong_secret_value" },
      { baseUrl: fake.url },
    );
    const error = await failure(stripe.createPayment(samplePaymentOrder()));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error.message).toBe("stripe: creating the checkout session answered HTTP 401 (invalid_request_error)");
  });
});

describe("Tpay adapter with the Tpay fake", () => {
  it("creates a transaction with the amount in decimal PLN and our hash in hiddenDescription, reusing the OAuth token", async () => {
    const fake = await started(startTpayFake());
    const tpay = createPaymentProvider("tpay", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder({ amountCents: 12305 });
    const start = await tpay.createPayment(order);
    await tpay.createPayment(samplePaymentOrder());
    const transaction = fake.transaction(start.providerRef!);
    expect(start.redirectUrl).toBe(`${fake.url}/?title=${transaction.title}`);
    expect(fake.requests.filter((r) => r.path === "/oauth/auth")).toHaveLength(1);
    const post = fake.requests.find((r) => r.method === "POST" && r.path === "/transactions")!;
    expect(post.body).toContain('"amount":123.05');
    expect(JSON.parse(post.body)).toMatchObject({
      hiddenDescription: order.hash,
      lang: "pl",
      payer: { email: order.buyer.email, name: order.buyer.name },
      callbacks: {
        notification: { url: order.notifyUrl },
        payerUrls: { success: order.returnUrl, error: order.returnUrl },
      },
    });
    expect(post.headers.authorization).toMatch(/^Bearer [0-9a-f]{40}$/);
    await expect(tpay.createPayment(samplePaymentOrder({ currency: "EUR" }))).rejects.toThrow(
      "tpay: Tpay accepts PLN only",
    );
  });

  it("reads a JWS-signed notification (certificate fetched from the trusted x5u and cached), answering exactly TRUE", async () => {
    const fake = await started(startTpayFake());
    const tpay = createPaymentProvider("tpay", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    const { providerRef } = await tpay.createPayment(order);
    fake.pay(providerRef!);
    const notification = fake.notification(providerRef!);
    const result = await tpay.parseNotification(asNotificationInput(notification));
    expect(result).toEqual({
      ok: true,
      report: {
        hash: order.hash,
        providerRef: null,
        outcome: "paid",
        amountCents: 12345,
        currency: "PLN",
        eventKey: `${fake.transaction(providerRef!).title}:TRUE:123.45`,
      },
      reply: { status: 200, body: "TRUE", contentType: "text/plain" },
    });
    const replay = await tpay.parseNotification(asNotificationInput(notification));
    expect(replay.ok && replay.report?.eventKey).toBe(result.ok && result.report?.eventKey);
    expect(
      fake.requests
        .filter((r) => r.path.startsWith("/x509/"))
        .map((r) => r.path)
        .sort(),
    ).toEqual(["/x509/notifications-jws.pem", "/x509/tpay-jws-root.pem"]);
  });

  it("reports what was actually paid (an underpayment stays visible to the amount check)", async () => {
    const fake = await started(startTpayFake());
    const tpay = createPaymentProvider("tpay", fake.settings, { baseUrl: fake.url });
    const { providerRef } = await tpay.createPayment(samplePaymentOrder());
    fake.pay(providerRef!, 12344);
    const result = await tpay.parseNotification(asNotificationInput(fake.notification(providerRef!)));
    expect(result.ok && result.report?.amountCents).toBe(12344);
  });

  it("trusts a configured root certificate instead of fetching one, and refuses certificates another root issued", async () => {
    const fake = await started(startTpayFake());
    const configured = createPaymentProvider(
      "tpay",
      { ...fake.settings, jws_root_pem: fake.rootCertificatePem },
      { baseUrl: fake.url },
    );
    const { providerRef } = await configured.createPayment(samplePaymentOrder());
    fake.pay(providerRef!);
    expect((await configured.parseNotification(asNotificationInput(fake.notification(providerRef!)))).ok).toBe(true);
    expect(fake.requests.some((r) => r.path === "/x509/tpay-jws-root.pem")).toBe(false);
    const rogue = await configured.parseNotification(
      asNotificationInput(fake.notification(providerRef!, "rogue-certificate")),
    );
    expect(rogue).toMatchObject({
      ok: false,
      reason: "signing certificate is not issued by the trusted root",
      reply: { body: "FALSE" },
    });
  });

  it("without a base URL override trusts only Tpay's secure host: the fake's x5u is refused without any request", async () => {
    const fake = await started(startTpayFake());
    const tpay = createPaymentProvider("tpay", fake.settings, { baseUrl: fake.url });
    const { providerRef } = await tpay.createPayment(samplePaymentOrder());
    fake.pay(providerRef!);
    const calls: string[] = [];
    const production = createPaymentProvider("tpay", fake.settings, {
      fetch: async (url) => {
        calls.push(String(url));
        throw new Error("no network in this test");
      },
    });
    const result = await production.parseNotification(asNotificationInput(fake.notification(providerRef!)));
    expect(result).toMatchObject({ ok: false, reason: "x5u is not on the provider's trusted host" });
    expect(calls).toEqual([]);
  });

  it("checks the status: pending, paid (amount paid), failed", async () => {
    const fake = await started(startTpayFake());
    const tpay = createPaymentProvider("tpay", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    const { providerRef } = await tpay.createPayment(order);
    const check = () => tpay.fetchStatus({ ...order, providerRef });
    expect(await check()).toMatchObject({ hash: order.hash, outcome: "pending", amountCents: 12345, currency: "PLN" });
    fake.pay(providerRef!);
    expect(await check()).toMatchObject({ outcome: "paid", amountCents: 12345, providerRef });
    const other = samplePaymentOrder();
    const otherRef = (await tpay.createPayment(other)).providerRef;
    fake.fail(otherRef!);
    expect((await tpay.fetchStatus({ ...other, providerRef: otherRef })).outcome).toBe("failed");
    await expect(tpay.fetchStatus({ ...other, hash: "not-this-one", providerRef: otherRef })).rejects.toThrow(
      /another order/,
    );
  });

  it("pays through the fake's payment page, which posts the signed notification to the notification URL", async () => {
    const fake = await started(startTpayFake());
    const tpay = createPaymentProvider("tpay", fake.settings, { baseUrl: fake.url });
    const endpoint = await notifyEndpoint(tpay);
    const order = samplePaymentOrder({ notifyUrl: "" });
    const { redirectUrl } = await tpay.createPayment({ ...order, notifyUrl: endpoint.url });
    expect(await press(redirectUrl, "Pay")).toBe(order.returnUrl);
    expect(endpoint.results).toMatchObject([
      { ok: true, report: { hash: order.hash, outcome: "paid" }, reply: { body: "TRUE" } },
    ]);
  });

  it("fails safely on wrong API credentials", async () => {
    const fake = await started(startTpayFake());
    const tpay = createPaymentProvider(
      "tpay",
      { ...fake.settings, client_secret: "wrong-client-secret-value" },
      { baseUrl: fake.url },
    );
    const error = await failure(tpay.createPayment(samplePaymentOrder()));
    expect(error.message).toBe("tpay: getting an access token answered HTTP 401 (invalid_client)");
  });
});

describe("Przelewy24 adapter with the P24 fake", () => {
  it("registers with Basic auth, integer grosze, our hash as sessionId and a sign the fake checks", async () => {
    const fake = await started(startPrzelewy24Fake());
    const p24 = createPaymentProvider("przelewy24", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder({ amountCents: 100 });
    const start = await p24.createPayment(order);
    const registration = fake.transaction(order.hash);
    expect(start).toEqual({
      redirectUrl: `${fake.url}/trnRequest/${registration.token}`,
      providerRef: registration.token,
    });
    const post = fake.requests.find((r) => r.path === "/api/v1/transaction/register")!;
    expect(post.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.posId}:${fake.settings.api_key}`).toString("base64")}`,
    );
    expect(JSON.parse(post.body)).toMatchObject({
      sessionId: order.hash,
      amount: 100,
      currency: "PLN",
      urlStatus: order.notifyUrl,
      urlReturn: order.returnUrl,
    });
  });

  it("reads the notification, then confirm() verifies with the right sign; a repeated confirm is harmless", async () => {
    const fake = await started(startPrzelewy24Fake());
    const p24 = createPaymentProvider("przelewy24", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    const { providerRef } = await p24.createPayment(order);
    expect((await p24.fetchStatus({ ...order, providerRef })).outcome).toBe("pending");
    fake.pay(order.hash);
    const notification = fake.notification(order.hash);
    const result = await p24.parseNotification(asNotificationInput(notification));
    const orderId = fake.transaction(order.hash).orderId;
    expect(result).toEqual({
      ok: true,
      report: {
        hash: order.hash,
        providerRef: String(orderId),
        outcome: "paid",
        amountCents: 12345,
        currency: "PLN",
        eventKey: String(orderId),
      },
      reply: { status: 200, body: "" },
    });
    const replay = await p24.parseNotification(asNotificationInput(notification));
    expect(replay.ok && replay.report?.eventKey).toBe(String(orderId));
    if (!result.ok || !result.report) throw new Error("unreachable");
    expect(fake.verified(order.hash)).toBe(false);
    await p24.confirm!(result.report, { ...order, providerRef });
    expect(fake.verified(order.hash)).toBe(true);
    const verify = fake.requests.find((r) => r.method === "PUT" && r.path === "/api/v1/transaction/verify")!;
    expect(JSON.parse(verify.body)).toMatchObject({ sessionId: order.hash, orderId, amount: 12345, currency: "PLN" });
    await p24.confirm!(result.report, { ...order, providerRef });
    expect(await p24.fetchStatus({ ...order, providerRef })).toMatchObject({
      outcome: "paid",
      providerRef: String(orderId),
      amountCents: 12345,
    });
  });

  it("confirm() throws when P24 refuses the verify (another amount)", async () => {
    const fake = await started(startPrzelewy24Fake());
    const p24 = createPaymentProvider("przelewy24", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    await p24.createPayment(order);
    fake.pay(order.hash);
    const result = await p24.parseNotification(asNotificationInput(fake.notification(order.hash)));
    if (!result.ok || !result.report) throw new Error("unreachable");
    await expect(p24.confirm!(result.report, { ...order, amountCents: 12344, providerRef: null })).rejects.toThrow(
      "przelewy24: verifying the transaction answered HTTP 400 (400)",
    );
    expect(fake.verified(order.hash)).toBe(false);
  });

  it("pays through the fake's /trnRequest page, which posts the signed notification to urlStatus", async () => {
    const fake = await started(startPrzelewy24Fake());
    const p24 = createPaymentProvider("przelewy24", fake.settings, { baseUrl: fake.url });
    const endpoint = await notifyEndpoint(p24);
    const order = samplePaymentOrder();
    const { redirectUrl } = await p24.createPayment({ ...order, notifyUrl: endpoint.url });
    expect(await press(redirectUrl, "Pay")).toBe(order.returnUrl);
    expect(endpoint.results).toMatchObject([
      { ok: true, report: { hash: order.hash, outcome: "paid" }, reply: { status: 200 } },
    ]);
  });

  it("fails safely on a wrong API key", async () => {
    const fake = await started(startPrzelewy24Fake());
    const p24 = createPaymentProvider(
      "przelewy24",
      { ...fake.settings, api_key: "wrong-api-key-value" },
      { baseUrl: fake.url },
    );
    const error = await failure(p24.createPayment(samplePaymentOrder()));
    expect(error.message).toBe("przelewy24: registering the transaction answered HTTP 401 (401)");
  });
});

describe("PayU adapter with the PayU fake", () => {
  it("creates an order (302 read, not followed) with our hash as extOrderId; a repeat is refused as not unique", async () => {
    const fake = await started(startPayuFake());
    const payu = createPaymentProvider("payu", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder({ amountCents: 7, customerIp: "203.0.113.9" });
    const start = await payu.createPayment(order);
    expect(start).toEqual({
      redirectUrl: `${fake.url}/pay/?orderId=${start.providerRef}`,
      providerRef: expect.any(String),
    });
    expect(fake.requests.some((r) => r.path === "/pay/")).toBe(false);
    const post = fake.requests.find((r) => r.path === "/api/v2_1/orders")!;
    expect(post.headers.authorization).toMatch(/^Bearer /);
    expect(JSON.parse(post.body)).toMatchObject({
      extOrderId: order.hash,
      totalAmount: "7",
      currencyCode: "PLN",
      merchantPosId: fake.posId,
      customerIp: "203.0.113.9",
      notifyUrl: order.notifyUrl,
      continueUrl: order.returnUrl,
      buyer: { email: order.buyer.email, firstName: "Anna", lastName: "Nowak", language: "pl" },
      products: [{ unitPrice: "7", quantity: "1" }],
    });
    await expect(payu.createPayment(order)).rejects.toThrow(
      "payu: creating the order answered HTTP 400 (ERROR_ORDER_NOT_UNIQUE)",
    );
    expect(fake.orders.size).toBe(1);
  });

  it("reads PENDING, COMPLETED and CANCELED notifications; a replay has the same eventKey; every reply is 200", async () => {
    const fake = await started(startPayuFake({ algorithm: "SHA-256" }));
    const payu = createPaymentProvider("payu", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    const { providerRef } = await payu.createPayment(order);
    const read = async (status: "PENDING" | "COMPLETED" | "CANCELED") => {
      const result = await payu.parseNotification(
        asNotificationInput(fake.notification(providerRef!, "valid", { status })),
      );
      expect(result.reply).toEqual({ status: 200, body: "" });
      return result.ok ? result.report : null;
    };
    expect(await read("PENDING")).toMatchObject({ outcome: "pending", eventKey: `${providerRef}:PENDING` });
    const paid = await read("COMPLETED");
    expect(paid).toEqual({
      hash: order.hash,
      providerRef,
      outcome: "paid",
      amountCents: 12345,
      currency: "PLN",
      eventKey: `${providerRef}:COMPLETED`,
    });
    expect((await read("COMPLETED"))?.eventKey).toBe(paid?.eventKey);
    expect((await read("CANCELED"))?.outcome).toBe("failed");
    const forged = await payu.parseNotification(asNotificationInput(fake.notification(providerRef!, "wrong-key")));
    expect(forged).toMatchObject({ ok: false, reply: { status: 200 } });
  });

  it("checks the status by order id, and by extOrderId when no order id was recorded", async () => {
    const fake = await started(startPayuFake());
    const payu = createPaymentProvider("payu", fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    const { providerRef } = await payu.createPayment(order);
    expect((await payu.fetchStatus({ ...order, providerRef })).outcome).toBe("pending");
    fake.pay(providerRef!);
    expect(await payu.fetchStatus({ ...order, providerRef: null })).toMatchObject({
      outcome: "paid",
      providerRef,
      amountCents: 12345,
    });
    expect(fake.requests.filter((r) => r.method === "GET").map((r) => r.path)).toEqual([
      `/api/v2_1/orders/${providerRef}`,
      `/api/v2_1/orders/ext/${order.hash}`,
    ]);
    await expect(payu.fetchStatus({ ...order, hash: "another", providerRef })).rejects.toThrow(/not found/);
  });

  it("pays through the fake's payment page, which posts the signed notification to notifyUrl", async () => {
    const fake = await started(startPayuFake());
    const payu = createPaymentProvider("payu", fake.settings, { baseUrl: fake.url });
    const endpoint = await notifyEndpoint(payu);
    const order = samplePaymentOrder();
    const { redirectUrl } = await payu.createPayment({ ...order, notifyUrl: endpoint.url });
    expect(await press(redirectUrl, "Pay")).toBe(order.returnUrl);
    expect(endpoint.results).toMatchObject([
      { ok: true, report: { hash: order.hash, outcome: "paid" }, reply: { status: 200 } },
    ]);
  });

  it("fails safely on wrong OAuth credentials", async () => {
    const fake = await started(startPayuFake());
    const payu = createPaymentProvider(
      "payu",
      { ...fake.settings, client_secret: "wrong-client-secret-value" },
      { baseUrl: fake.url },
    );
    const error = await failure(payu.createPayment(samplePaymentOrder()));
    expect(error.message).toBe("payu: getting an access token answered HTTP 401 (invalid_client)");
  });
});
