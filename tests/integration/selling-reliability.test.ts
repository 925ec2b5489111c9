// The money-handling figures of SECURITY.md that the test provider can prove (figures 1, 2 and 4; the real
// providers' signatures, forgeries and amounts are in payment-providers-flow.test.ts):
// - 200 concurrent purchases of a 50-unit promotion: exactly 50 paid, none oversold, the rest get a clear error;
// - one payment applied 10 times in series and 10 in parallel: one access grant, one receipt, one invoice job;
// - the server killed (SIGKILL) inside payment handling, before and after the commit, then restarted and the
//   payment delivered again: nothing lost, nothing doubled.
// Run on SQLite and on PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";
import { checkoutCourse, countMailsTo, courseProductId, manyStudents, transactionByHash } from "./selling-helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});

afterAll(async () => {
  await server?.stop();
});

async function accessRows(courseId: number) {
  const rows = await server.handle.db
    .selectFrom("course_access")
    .select("id")
    .where("course_id", "=", courseId)
    .where("source", "=", "purchase")
    .execute();
  return rows.length;
}

describe("a 50-unit promotion bought by 200 buyers at once", () => {
  it("sells exactly 50 at the promo price and tells the other 150 clearly", { timeout: 120_000 }, async () => {
    const courseId = await addCourse(server, {
      slug: "launch",
      title: "Launch",
      price_cents: 20000,
      promo_price_cents: 9900,
    });
    const productId = await courseProductId(server, courseId);
    await server.handle.db.updateTable("products").set({ promo_limit: 50 }).where("id", "=", productId).execute();
    const buyers = await manyStudents(server, 200, "launch");

    const answers = await Promise.all(buyers.map((b) => checkoutCourse(b, "launch", { unit_price_cents: 9900 })));
    const winners = answers
      .map((a, i) => ({ answer: a, buyer: buyers[i]! }))
      .filter(({ answer }) => answer.status === 200);
    const losers = answers.filter((a) => a.status !== 200);
    expect(winners).toHaveLength(50);
    expect(losers).toHaveLength(150);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body.message).toBe("The promotional price has sold out. The price is now €200.00.");
    }

    await Promise.all(winners.map(({ answer, buyer }) => buyer.post(`/payments/test/${answer.body.hash}/pay`)));
    const paid = await server.handle.db
      .selectFrom("transactions")
      .select("total_cents")
      .where("product_id", "=", productId)
      .where("status", "=", "ACCESS_GRANTED")
      .execute();
    expect(paid).toHaveLength(50);
    expect(paid.every((t) => t.total_cents === 9900)).toBe(true);
    expect(await accessRows(courseId)).toBe(50);
    const product = await server.handle.db
      .selectFrom("products")
      .select(["promo_sold", "promo_limit"])
      .where("id", "=", productId)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ promo_sold: 50, promo_limit: 50 });
  });
});

describe("one payment delivered 20 times", () => {
  it("grants access once and sends one receipt, in series and in parallel", async () => {
    const courseId = await addCourse(server, { slug: "replayed", title: "Replayed", price_cents: 5000 });
    const [buyer] = await manyStudents(server, 1, "replay");
    const { body } = await checkoutCourse(buyer!, "replayed");
    for (let i = 0; i < 10; i++) await buyer!.post(`/payments/test/${body.hash}/pay`);
    await Promise.all(Array.from({ length: 10 }, () => buyer!.post(`/payments/test/${body.hash}/pay`)));
    expect((await transactionByHash(server, body.hash)).status).toBe("ACCESS_GRANTED");
    expect(await accessRows(courseId)).toBe(1);
    expect(await countMailsTo(server, "replay0@example.com")).toBe(1);
    const events = await server.handle.db
      .selectFrom("payment_events")
      .select("outcome")
      .where("event_key", "like", `test:${body.hash}%`)
      .execute();
    expect(events.map((e) => e.outcome)).toEqual(["applied"]);
  });
});

describe("the server killed inside payment handling", () => {
  for (const point of ["payment.before-commit", "payment.before-reply"]) {
    it(`loses and doubles nothing when killed at ${point}`, { timeout: 90_000 }, async () => {
      const crashing = await startTestServer({ STUDIUM_CRASH_POINT: point });
      let restarted: TestServer | undefined;
      try {
        await setUpSchool(crashing, { language: "en" });
        const courseId = await addCourse(crashing, { slug: "crash", title: "Crash", price_cents: 7000 });
        const [buyer] = await manyStudents(crashing, 1, "crash");
        const { body } = await checkoutCourse(buyer!, "crash");
        // The payment's delivery dies with the server: no answer reaches the caller.
        await expect(buyer!.post(`/payments/test/${body.hash}/pay`)).rejects.toThrow();
        await crashing.crashed();

        restarted = await startTestServer({}, { database: crashing.database });
        // The buyer (or the provider) delivers again on the restarted server, with the same session.
        const resumed = new BrowserClient(restarted.url);
        for (const [name, value] of buyer!.cookies) resumed.cookies.set(name, value);
        await resumed.page("/my");
        expect((await resumed.post(`/payments/test/${body.hash}/pay`)).status).toBe(200);
        const db = restarted.handle.db;
        expect(
          (await db.selectFrom("transactions").select("status").where("hash", "=", body.hash).executeTakeFirstOrThrow())
            .status,
        ).toBe("ACCESS_GRANTED");
        expect(
          (await db.selectFrom("course_access").select("id").where("course_id", "=", courseId).execute()).length,
        ).toBe(1);
        const mails = (await db.selectFrom("jobs").select("payload").where("type", "=", "mail.send").execute()).filter(
          (j) => j.payload.includes("crash0@example.com"),
        );
        expect(mails).toHaveLength(1);
      } finally {
        await (restarted ?? crashing).stop();
      }
    });
  }
});
