// Every real payment provider's flow through our server against its stateful fake, at the HTTP level (the selling
// issue, items 4, 9, 10; SECURITY.md figures 2, 3, 5, 6): checkout -> the provider's payment page -> the buyer pays
// -> the provider's signed notification -> access. Then, for PayU: the same notification replayed 10 times in
// series and 10 in parallel (one access grant, one receipt, one invoice job), an out-of-order PENDING after
// COMPLETED (no change), forged signatures (rejected, logged, no change) and a validly signed amount off by 0.01
// (rejected, logged); for Przelewy24, the mandatory verify call before anything changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSettings } from "#core/integrations/integration-records.ts";
import { RECHECK_EVERY_MS, recheckPendingTransactions } from "#core/selling/recheck-pending.ts";
import { loadConfig } from "#platform/config.ts";
import { loadSecret } from "#platform/security/secret.ts";
import { createPayments, externalProviders } from "#server/payments.ts";
import type { FakeServer } from "#tests/fakes/fake-http.ts";
import { startFakeFakturownia, type FakeFakturownia } from "#tests/fakes/fakturownia.ts";
import { startPayuFake, type PayuFake } from "#tests/fakes/payu.ts";
import { startPrzelewy24Fake, type Przelewy24Fake } from "#tests/fakes/przelewy24.ts";
import { startStripeFake, type StripeFake } from "#tests/fakes/stripe.ts";
import { startTpayFake, type TpayFake } from "#tests/fakes/tpay.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";
import { checkoutCourse, countMailsTo, manyStudents, transactionByHash } from "./selling-helpers.ts";

const SECRET_KEY = "test-secret-test-secret-test-secret-0123456789";
let server: TestServer;
let stripe: StripeFake;
let tpay: TpayFake;
let p24: Przelewy24Fake;
let payu: PayuFake;
let fakturownia: FakeFakturownia;
let courseId: number;

async function enable(provider: string, kind: "payment" | "invoicing", settings: Record<string, string>) {
  const now = new Date().toISOString();
  await server.handle.db
    .insertInto("integrations")
    .values({
      kind,
      provider,
      enabled: 1,
      settings: sealSettings(loadSecret({ secretKey: SECRET_KEY, dataDir: "" }), provider, settings),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The buyer on the provider's payment page presses Pay (the fake then notifies our server, as the provider does). */
async function payOnProviderPage(redirect: string): Promise<void> {
  const page = await fetch(redirect);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]*\/pay[^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no Pay form on ${redirect}:\n${html.slice(0, 500)}`);
  const answer = await fetch(new URL(action.replaceAll("&amp;", "&"), redirect), {
    method: "POST",
    redirect: "manual",
  });
  expect(answer.status).toBeLessThan(400);
}

async function hasAccess(email: string) {
  const row = await server.handle.db
    .selectFrom("course_access as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select("a.id")
    .where("u.email", "=", email)
    .where("a.course_id", "=", courseId)
    .executeTakeFirst();
  return Boolean(row);
}

const warnings = (text: string) => server.logs.filter((line) => line.level === 40 && line.msg === text).length;

beforeAll(async () => {
  [stripe, tpay, p24, payu] = await Promise.all([
    startStripeFake(),
    startTpayFake(),
    startPrzelewy24Fake(),
    startPayuFake(),
  ]);
  fakturownia = await startFakeFakturownia({ account: "studium", apiToken: "fake-token" });
  server = await startTestServer({
    PAYMENTS_BASE_URL_STRIPE: stripe.url,
    PAYMENTS_BASE_URL_TPAY: tpay.url,
    PAYMENTS_BASE_URL_PRZELEWY24: p24.url,
    PAYMENTS_BASE_URL_PAYU: payu.url,
    INVOICING_BASE_URL_FAKTUROWNIA: fakturownia.baseUrl,
  });
  stripe.setWebhookUrl(`${server.url}/payments/stripe/notify`);
  await setUpSchool(server, { language: "pl", currency: "PLN" });
  await enable("stripe", "payment", stripe.settings);
  await enable("tpay", "payment", tpay.settings);
  await enable("przelewy24", "payment", p24.settings);
  await enable("payu", "payment", payu.settings);
  await enable("fakturownia", "invoicing", { account: "studium", api_token: "fake-token" });
  courseId = await addCourse(server, { slug: "kurs", title: "Kurs", price_cents: 12345, currency: "PLN" });
}, 60_000);

afterAll(async () => {
  const fakes: FakeServer[] = [stripe, tpay, p24, payu].filter(Boolean);
  const unhandled = fakes.flatMap((fake) => fake.unhandled.map((r) => `${r.method} ${r.path}`));
  await server?.stop();
  await Promise.all(fakes.map((fake) => fake.close()));
  await fakturownia?.close();
  expect(unhandled).toEqual([]);
});

describe("a purchase through each provider's fake", () => {
  for (const provider of ["stripe", "tpay", "przelewy24", "payu"] as const) {
    it(`${provider}: checkout, payment page, signed notification, access`, async () => {
      const [buyer] = await manyStudents(server, 1, `via-${provider}`);
      const { status, body } = await checkoutCourse(buyer!, "kurs", { provider });
      expect(status).toBe(200);
      expect(body.redirect.startsWith("http://127.0.0.1:")).toBe(true);
      expect((await transactionByHash(server, body.hash)).status).toBe("PENDING");
      await payOnProviderPage(body.redirect);
      await waitFor(async () => (await transactionByHash(server, body.hash)).status === "ACCESS_GRANTED");
      expect(await hasAccess(`via-${provider}0@example.com`)).toBe(true);
      if (provider === "przelewy24") expect(p24.verified(body.hash)).toBe(true);
    });
  }
});

describe("PayU notifications", () => {
  async function pendingPayuPurchase(prefix: string, invoice = false) {
    const [buyer] = await manyStudents(server, 1, prefix);
    const company = invoice
      ? {
          invoice: true,
          company_name: "ACME",
          vat_number: "PL5260250274",
          street: "Długa 1",
          postal_code: "00-950",
          city: "Warszawa",
        }
      : {};
    const { body } = await checkoutCourse(buyer!, "kurs", { provider: "payu", ...company });
    const transaction = await transactionByHash(server, body.hash);
    return {
      hash: body.hash as string,
      orderId: transaction.provider_ref!,
      notifyUrl: `${server.url}/payments/payu/notify`,
    };
  }

  it("applies one notification delivered 20 times once: one access grant, one receipt, one invoice", async () => {
    const { hash, orderId, notifyUrl } = await pendingPayuPurchase("replay", true);
    payu.setStatus(orderId, "COMPLETED");
    const notification = payu.notification(orderId);
    for (let i = 0; i < 10; i++) expect((await payu.deliver(notification, notifyUrl)).status).toBe(200);
    await Promise.all(Array.from({ length: 10 }, () => payu.deliver(notification, notifyUrl)));
    const transaction = await transactionByHash(server, hash);
    expect(transaction.status).toBe("ACCESS_GRANTED");
    const grants = await server.handle.db
      .selectFrom("course_access")
      .select("id")
      .where("user_id", "=", transaction.user_id)
      .execute();
    expect(grants).toHaveLength(1);
    expect(await countMailsTo(server, "replay0@example.com")).toBe(1);
    const invoiceJobs = await server.handle.db
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", "invoice.issue")
      .execute();
    expect(invoiceJobs.filter((job) => JSON.parse(job.payload).transactionId === transaction.id)).toHaveLength(1);
    // The worker issues it at the fake, once.
    await waitFor(
      async () =>
        (
          await server.handle.db
            .selectFrom("invoices")
            .select("status")
            .where("transaction_id", "=", transaction.id)
            .executeTakeFirst()
        )?.status === "issued",
    );
    expect(fakturownia.invoices).toHaveLength(1);

    // Out of order: a PENDING delivered after COMPLETED changes nothing.
    expect((await payu.deliver(payu.notification(orderId, "valid", { status: "PENDING" }), notifyUrl)).status).toBe(
      200,
    );
    expect((await transactionByHash(server, hash)).status).toBe("ACCESS_GRANTED");
  });

  it("rejects forged signatures and logs them, changing nothing", async () => {
    const { hash, orderId, notifyUrl } = await pendingPayuPurchase("forged");
    payu.setStatus(orderId, "COMPLETED");
    const before = warnings("payment notification with a bad signature rejected");
    for (const variant of ["body-byte", "signature-byte", "wrong-key"] as const) {
      await payu.deliver(payu.notification(orderId, variant), notifyUrl);
    }
    await waitFor(() => warnings("payment notification with a bad signature rejected") === before + 3);
    expect((await transactionByHash(server, hash)).status).toBe("PENDING");
  });

  it("rejects a validly signed amount off by 0.01 and logs it", async () => {
    const { hash, orderId, notifyUrl } = await pendingPayuPurchase("cent");
    payu.setStatus(orderId, "COMPLETED");
    await payu.deliver(payu.notification(orderId, "valid", { totalAmount: "12344" }), notifyUrl);
    await waitFor(() => warnings("payment notification rejected") >= 1);
    expect((await transactionByHash(server, hash)).status).toBe("PENDING");
    const rejected = await server.handle.db
      .selectFrom("payment_events")
      .select(["outcome", "detail"])
      .where("outcome", "=", "rejected")
      .execute();
    expect(rejected.some((event) => event.detail.includes("amount 12344"))).toBe(true);
  });
});

describe("when a notification never comes", () => {
  it("re-checks a pending payment with its provider after 5 minutes and settles it", async () => {
    const [buyer] = await manyStudents(server, 1, "silent");
    const { body } = await checkoutCourse(buyer!, "kurs", { provider: "payu" });
    const transaction = await transactionByHash(server, body.hash);
    payu.setStatus(transaction.provider_ref!, "COMPLETED");
    const db = server.handle.db;
    const secret = loadSecret({ secretKey: SECRET_KEY, dataDir: "" });
    const providers = createPayments({
      db,
      config: loadConfig({ NODE_ENV: "test" }),
      secret,
      external: externalProviders(db, secret, { PAYMENTS_BASE_URL_PAYU: payu.url }),
    });
    const log = { warn: () => undefined, info: () => undefined };
    // Not yet due: a payment younger than 5 minutes is left alone.
    await recheckPendingTransactions({ db, providers, log }, { now: Date.now() });
    expect((await transactionByHash(server, body.hash)).status).toBe("PENDING");
    await recheckPendingTransactions({ db, providers, log }, { now: Date.now() + RECHECK_EVERY_MS + 1000 });
    expect((await transactionByHash(server, body.hash)).status).toBe("ACCESS_GRANTED");
  });
});

describe("a provider that cannot be reached", () => {
  it("answers 'Transaction error, please try again' in the school's language and gives the reservations back", async () => {
    await server.handle.db
      .updateTable("integrations")
      .set({
        settings: sealSettings(loadSecret({ secretKey: SECRET_KEY, dataDir: "" }), "payu", {
          ...payu.settings,
          client_secret: "wrong",
        }),
        updated_at: new Date().toISOString(),
      })
      .where("provider", "=", "payu")
      .execute();
    const [buyer] = await manyStudents(server, 1, "unlucky");
    const answer = await checkoutCourse(buyer!, "kurs", { provider: "payu" });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe("Błąd transakcji, spróbuj ponownie");
    const rows = await server.handle.db
      .selectFrom("transactions as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .select("t.status")
      .where("u.email", "=", "unlucky0@example.com")
      .execute();
    expect(rows.map((r) => r.status)).toEqual(["ERROR"]);
  });
});
