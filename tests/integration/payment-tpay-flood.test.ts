// Hole 14 of the security issue: an unsigned (forged) Tpay notification made our server fetch the x5u it named
// from Tpay's host, again for every notification when the answer was a 404. Now the cheap checks come first
// (fields, merchant id, md5sum, our order, its amount and currency), only a .pem right under the secure host's
// /x509/ may be fetched, and a failed fetch is remembered for a minute. Counted at the Tpay fake: floods of
// forged notifications cause no fetch, or one per distinct certificate address; a valid one still pays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSettings } from "#core/integrations/integration-records.ts";
import { loadSecret } from "#platform/security/secret.ts";
import { startTpayFake, type TpayFake } from "#tests/fakes/tpay.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";
import { checkoutCourse, manyStudents, transactionByHash } from "./selling-helpers.ts";

const SECRET_KEY = "test-secret-test-secret-test-secret-0123456789";
const FLOOD = 50;
let server: TestServer;
let tpay: TpayFake;
let notifyUrl: string;

beforeAll(async () => {
  tpay = await startTpayFake();
  server = await startTestServer({ PAYMENTS_BASE_URL_TPAY: tpay.url });
  await setUpSchool(server, { language: "pl", currency: "PLN" });
  const now = new Date().toISOString();
  await server.handle.db
    .insertInto("integrations")
    .values({
      kind: "payment",
      provider: "tpay",
      enabled: 1,
      settings: sealSettings(loadSecret({ secretKey: SECRET_KEY, dataDir: "" }), "tpay", tpay.settings),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await addCourse(server, { slug: "kurs", title: "Kurs", price_cents: 12345, currency: "PLN" });
  notifyUrl = `${server.url}/payments/tpay/notify`;
}, 60_000);

afterAll(async () => {
  const unhandled = tpay?.unhandled.map((r) => `${r.method} ${r.path}`) ?? [];
  await server?.stop();
  await tpay?.close();
  expect(unhandled).toEqual([]);
});

let buyers = 0;
/** A Tpay checkout left pending: our order's hash and Tpay's transaction id. */
async function pendingPurchase() {
  const [buyer] = await manyStudents(server, 1, `tpay-flood-${buyers++}`);
  const { status, body } = await checkoutCourse(buyer!, "kurs", { provider: "tpay" });
  expect(status).toBe(200);
  const transaction = await transactionByHash(server, body.hash);
  return { hash: body.hash as string, transactionId: transaction.provider_ref! };
}

const certificateFetches = () => tpay.requests.filter((request) => request.path.startsWith("/x509/")).length;

/** Delivers `count` notifications, ten at a time; every answer must be a refusal (anything but TRUE). */
async function deliverRefused(count: number, make: (i: number) => ReturnType<TpayFake["notification"]>) {
  for (let start = 0; start < count; start += 10) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, (_, j) => tpay.deliver(make(start + j), notifyUrl)),
    );
    for (const answer of answers) expect(answer.body).not.toBe("TRUE");
  }
}

describe("forged Tpay notifications", () => {
  it("without the merchant's security code, fetch no certificate at all, whatever x5u they name", async () => {
    const { hash, transactionId } = await pendingPurchase();
    tpay.pay(transactionId);
    const before = certificateFetches();
    await deliverRefused(FLOOD, (i) =>
      tpay.notification(transactionId, "wrong-security-code", { x5u: `${tpay.url}/x509/missing-${i % 5}.pem` }),
    );
    expect(certificateFetches() - before).toBe(0);
    expect((await transactionByHash(server, hash)).status).toBe("PENDING");
  });

  it("for an order we do not have, or with another amount, fetch no certificate", async () => {
    const { hash, transactionId } = await pendingPurchase();
    tpay.pay(transactionId);
    const before = certificateFetches();
    const x5u = `${tpay.url}/x509/missing.pem`;
    await deliverRefused(FLOOD, (i) =>
      tpay.notification(transactionId, "valid", {
        x5u,
        fields: i % 2 === 0 ? { tr_crc: `no-such-order-${i}` } : { tr_amount: "123.44" },
      }),
    );
    expect(certificateFetches() - before).toBe(0);
    expect((await transactionByHash(server, hash)).status).toBe("PENDING");
  });

  it("naming a missing certificate fetch it once per address, not once per notification", async () => {
    const { hash, transactionId } = await pendingPurchase();
    tpay.pay(transactionId);
    const before = tpay.requests.length;
    // Two distinct missing addresses, 50 notifications, ten in flight at a time.
    await deliverRefused(FLOOD, (i) =>
      tpay.notification(transactionId, "wrong-key", { x5u: `${tpay.url}/x509/gone-${i % 2}.pem` }),
    );
    const fetched = tpay.requests.slice(before).filter((request) => request.path.startsWith("/x509/"));
    expect(fetched.map((request) => request.path).sort()).toEqual(["/x509/gone-0.pem", "/x509/gone-1.pem"]);
    expect((await transactionByHash(server, hash)).status).toBe("PENDING");
  });

  it("naming anything on Tpay's host but a certificate under /x509/ fetch nothing", async () => {
    const { transactionId } = await pendingPurchase();
    tpay.pay(transactionId);
    const before = tpay.requests.length;
    const addresses = [
      `${tpay.url}/transactions/${transactionId}`,
      `${tpay.url}/x509/missing.pem?again=1`,
      `${tpay.url}/x509/../oauth/auth.pem`,
      `${tpay.url}/oauth/auth`,
    ];
    await deliverRefused(addresses.length * 5, (i) =>
      tpay.notification(transactionId, "wrong-key", { x5u: addresses[i % addresses.length] }),
    );
    expect(tpay.requests.slice(before)).toEqual([]);
  });

  it("leave a valid notification working: it completes the payment", async () => {
    const { hash, transactionId } = await pendingPurchase();
    tpay.pay(transactionId);
    const answer = await tpay.deliver(tpay.notification(transactionId), notifyUrl);
    expect(answer.body).toBe("TRUE");
    await waitFor(async () => (await transactionByHash(server, hash)).status === "ACCESS_GRANTED");
  });
});
