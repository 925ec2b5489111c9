// The checkout over HTTP with the built-in test provider: one-page checkout with registration, the simulated
// payment page's Pay and Fail, the status poll, free products, promo codes, the seen-price rule, the VAT number
// rule, replays of the same payment, and the promotional packages limit under concurrency.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCacheVersion } from "#platform/cache/versions.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addCourse, daysFromNow } from "./catalog-helpers.ts";
import {
  addPromoCode,
  buyer,
  checkoutCourse,
  countMailsTo,
  courseProductId,
  transactionByHash,
} from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
let courseId: number;

async function hasAccess(email: string, id: number) {
  const row = await server.handle.db
    .selectFrom("course_access as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select("a.id")
    .where("u.email", "=", email)
    .where("a.course_id", "=", id)
    .where("a.revoked_at", "is", null)
    .executeTakeFirst();
  return Boolean(row);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server, {
    name: "Stan Student",
    email: "stan@example.com",
    password: "student-secret",
  });
  courseId = await addCourse(server, { slug: "paid-course", title: "Paid course", price_cents: 9900, currency: "EUR" });
});

afterAll(async () => {
  await server?.stop();
});

describe("one-page checkout with the test provider", () => {
  it("registers the buyer, sends them to the simulated payment page, and grants access once paid", async () => {
    const guest = await visitor(server, "/paid-course");
    const response = await guest.post("/paid-course/onepagecheckoutregister", {
      ...buyer,
      email: "new.buyer@example.com",
      password: "buyer-secret",
      provider: "test",
    });
    expect(response.status).toBe(200);
    expect(response.body.redirect).toMatch(/^\/payments\/test\/[\w-]{20,}$/);
    const hash = response.body.hash as string;

    const pending = await guest.post(`/transaction/${hash}/pending`);
    expect(pending.body).toMatchObject({
      status: "PENDING",
      transaction: { quantity: 1, child_invitations: 0 },
      checkoutLink: "/paid-course/checkout",
    });
    expect(await hasAccess("new.buyer@example.com", courseId)).toBe(false);

    const paid = await guest.post(`/payments/test/${hash}/pay`);
    expect(paid.body.redirect).toBe(`/transaction/${hash}`);
    const done = await guest.post(`/transaction/${hash}/pending`);
    expect(done.body).toMatchObject({
      status: "ACCESS_GRANTED",
      nextLink: "/paid-course/watch",
      transaction: { free: false, total_cents: 9900 },
    });
    expect(await hasAccess("new.buyer@example.com", courseId)).toBe(true);
  });

  it("answers the status poll to whoever holds the hash, with no session, CSRF token or cookie, and fresh", async () => {
    const guest = await visitor(server, "/paid-course");
    const { body } = await guest.post("/paid-course/onepagecheckoutregister", {
      ...buyer,
      email: "hash.holder@example.com",
      password: "buyer-secret",
      provider: "test",
    });
    const poll = () =>
      fetch(`${server.url}/transaction/${body.hash}/pending`, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: "{}",
      });
    const first = await poll();
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    expect(await first.json()).toMatchObject({ status: "PENDING", transaction: { product_title: "Paid course" } });

    // The product's facts are cached for the poll; a rename shows at the very next poll.
    expect((await admin.json("PUT", `/home/courses/${courseId}`, { title: "Paid course, renamed" })).status).toBe(200);
    expect(await (await poll()).json()).toMatchObject({ transaction: { product_title: "Paid course, renamed" } });
    expect((await admin.json("PUT", `/home/courses/${courseId}`, { title: "Paid course" })).status).toBe(200);

    const unknown = await fetch(`${server.url}/transaction/${"x".repeat(32)}/pending`, { method: "POST" });
    expect(unknown.status).toBe(404);
  });

  it("refuses an existing account's e-mail and keeps the checkout form's errors before creating anything", async () => {
    const guest = await visitor(server, "/paid-course");
    const taken = await guest.post("/paid-course/onepagecheckoutregister", {
      ...buyer,
      email: "stan@example.com",
      password: "whatever-1",
      provider: "test",
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email[0]).toBe("Account already exists");
    const noTerms = await guest.post("/paid-course/onepagecheckoutregister", {
      name: "X",
      email: "x@example.com",
      password: "secret-1",
      provider: "test",
    });
    expect(noTerms.status).toBe(422);
    expect(noTerms.body.errors.terms).toBeDefined();
    expect(
      await server.handle.db.selectFrom("users").select("id").where("email", "=", "x@example.com").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("needs a logged-in buyer for the plain one-page checkout", async () => {
    const guest = await visitor(server, "/paid-course");
    expect((await guest.post("/paid-course/onepagecheckout", { ...buyer, provider: "test" })).status).toBe(401);
  });

  it("marks a failed payment, gives nothing, and answers the failure status", async () => {
    const other = await registerStudent(server, {
      name: "Fay Fail",
      email: "fay@example.com",
      password: "student-secret",
    });
    const { body } = await checkoutCourse(other, "paid-course");
    await other.post(`/payments/test/${body.hash}/fail`);
    expect((await other.post(`/transaction/${body.hash}/pending`)).body.status).toBe("FAILURE");
    expect(await hasAccess("fay@example.com", courseId)).toBe(false);
    // A later Pay of the same failed payment changes nothing: the state machine only moves forward.
    await other.post(`/payments/test/${body.hash}/pay`);
    expect((await transactionByHash(server, body.hash)).status).toBe("FAILURE");
  });

  it("tells the buyer by e-mail that the payment failed, once, with the checkout to try again", async () => {
    const other = await registerStudent(server, {
      name: "Gus Gone",
      email: "gus@example.com",
      password: "student-secret",
    });
    const { body } = await checkoutCourse(other, "paid-course");
    await other.post(`/payments/test/${body.hash}/fail`);
    await other.post(`/payments/test/${body.hash}/fail`);
    const mails = (
      await server.handle.db.selectFrom("jobs").select("payload").where("type", "=", "mail.send").execute()
    )
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === "gus@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Your payment did not go through");
    expect(mails[0]!.text).toContain("no money was taken");
    expect(mails[0]!.text).toContain(`${server.url}/paid-course/checkout`);
  });

  it("applies a replayed payment once: one access grant, one receipt", async () => {
    const replayer = await registerStudent(server, {
      name: "Ray Replay",
      email: "ray@example.com",
      password: "student-secret",
    });
    const { body } = await checkoutCourse(replayer, "paid-course");
    await Promise.all(Array.from({ length: 5 }, () => replayer.post(`/payments/test/${body.hash}/pay`)));
    for (let i = 0; i < 5; i++) await replayer.post(`/payments/test/${body.hash}/pay`);
    expect((await transactionByHash(server, body.hash)).status).toBe("ACCESS_GRANTED");
    expect(await countMailsTo(server, "ray@example.com")).toBe(1);
  });

  it("says so when the course is already owned, and when the price changed since the page was shown", async () => {
    const owner = await registerStudent(server, {
      name: "Oona Owned",
      email: "oona@example.com",
      password: "student-secret",
    });
    const { body } = await checkoutCourse(owner, "paid-course");
    await owner.post(`/payments/test/${body.hash}/pay`);
    const again = await checkoutCourse(owner, "paid-course");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You already have access to this product.");
    const changed = await checkoutCourse(student, "paid-course", { unit_price_cents: 5000 });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe("The price has changed to €99.00. Please check it and try again.");
  });

  it("checks the VAT number and the Polish postal code of a company invoice", async () => {
    const company = { invoice: true, company_name: "ACME", street: "Długa 1", city: "Kraków", country: "PL" };
    const bad = await checkoutCourse(student, "paid-course", {
      ...company,
      vat_number: "PL-123",
      postal_code: "30123",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.vat_number).toEqual(["Incorrect VAT Number format"]);
    expect(bad.body.errors.postal_code).toBeDefined();
    const good = await checkoutCourse(student, "paid-course", {
      ...company,
      vat_number: "PL1234567890",
      postal_code: "30-123",
    });
    expect(good.status).toBe(200);
    expect(JSON.parse((await transactionByHash(server, good.body.hash)).invoice!)).toMatchObject({
      vat_number: "PL1234567890",
      postal_code: "30-123",
    });
  });
});

describe("free products and promo codes", () => {
  it("grants a free course at once, without payment", async () => {
    const freeId = await addCourse(server, { slug: "free-course", title: "Free course", price_cents: 0 });
    const { status, body } = await checkoutCourse(student, "free-course");
    expect(status).toBe(200);
    expect(body).toMatchObject({ free: true, redirect: `/transaction/${body.hash}` });
    const view = await student.post(`/transaction/${body.hash}/pending`);
    expect(view.body).toMatchObject({ status: "ACCESS_GRANTED", transaction: { free: true } });
    expect(await hasAccess("stan@example.com", freeId)).toBe(true);
  });

  it("checks a code for the cart and applies it at checkout; a 100% code makes it free", async () => {
    const promoCourseId = await addCourse(server, {
      slug: "promo-course",
      title: "Promo course",
      price_cents: 10000,
      currency: "EUR",
    });
    await addPromoCode(server, { code: "TEN", amount: 10 });
    await addPromoCode(server, { code: "OLD", amount: 10, ends_at: daysFromNow(-1) });
    await addPromoCode(server, { code: "ONCE", amount: 100, usage_limit: 1 });
    const product = { id: await courseProductId(server, promoCourseId) };

    const ten = await student.post("/json/promo-code", { code: "ten", product_id: product.id, quantity: 2 });
    expect(ten.body).toMatchObject({ discount_cents: 2000, total_cents: 18000 });
    expect((await student.post("/json/promo-code", { code: "NOPE", product_id: product.id })).body.message).toBe(
      "Invalid coupon code",
    );
    expect((await student.post("/json/promo-code", { code: "OLD", product_id: product.id })).body.message).toBe(
      "Coupon code expired",
    );

    const first = await checkoutCourse(student, "promo-course", { promo_code: "once" });
    expect(first.body.free).toBe(true);
    const second = await registerStudent(server, {
      name: "Sec Ond",
      email: "second@example.com",
      password: "student-secret",
    });
    const used = await checkoutCourse(second, "promo-course", { promo_code: "ONCE" });
    expect(used.status).toBe(422);
    expect(used.body.errors.promo_code).toEqual(["Promo code already used"]);
  });

  it("never oversells a promotional package limit under concurrent checkouts", async () => {
    const limitedId = await addCourse(server, {
      slug: "limited",
      title: "Limited",
      price_cents: 10000,
      promo_price_cents: 5000,
    });
    const productId = await courseProductId(server, limitedId);
    await server.handle.db.updateTable("products").set({ promo_limit: 3 }).where("id", "=", productId).execute();
    const buyers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        registerStudent(server, { name: `Rush ${i}`, email: `rush${i}@example.com`, password: "student-secret" }),
      ),
    );
    const answers = await Promise.all(buyers.map((b) => checkoutCourse(b, "limited", { unit_price_cents: 5000 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers).toHaveLength(5);
    for (const loser of losers)
      expect(loser.body.message).toMatch(/^The promotional price has sold out\. The price is now €100\.00\.$/);
    // A failed payment gives its package back.
    const winner = answers.find((a) => a.status === 200)!;
    await buyers[answers.indexOf(winner)]!.post(`/payments/test/${winner.body.hash}/fail`);
    const sold = await server.handle.db
      .selectFrom("products")
      .select("promo_sold")
      .where("course_id", "=", limitedId)
      .executeTakeFirstOrThrow();
    expect(sold.promo_sold).toBe(2);
  });
});

describe("cached sales pages and sold-out promotions", () => {
  it("renews the cached pages when the last promotional package sells and when one comes back", async () => {
    const id = await addCourse(server, {
      slug: "last-one",
      title: "Last one",
      price_cents: 10000,
      promo_price_cents: 4000,
    });
    const productId = await courseProductId(server, id);
    await server.handle.db.updateTable("products").set({ promo_limit: 1 }).where("id", "=", productId).execute();
    const version = () => readCacheVersion(server.handle.db, "catalog");
    const before = await version();
    const { body } = await checkoutCourse(student, "last-one", { unit_price_cents: 4000 });
    const soldOut = await version();
    expect(soldOut).toBeGreaterThan(before);
    await student.post(`/payments/test/${body.hash}/fail`);
    expect(await version()).toBeGreaterThan(soldOut);
  });
});
