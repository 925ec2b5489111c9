// The buyer-facing pages as the server renders them: the checkout pages (/{course}/checkout and
// /products/{slug}/checkout: 404s, owners sent to the watch page, the form for guests and for logged-in buyers,
// a remembered promo code applied), the payment status page /transaction/{hash} (each settled state rendered at
// once, with its call to action) and the test provider's simulated payment page /payments/test/{hash}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addCourse, daysFromNow, grantAccessByEmail, text } from "./catalog-helpers.ts";
import { addPromoCode, checkoutCourse, transactionByHash } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
let courseId: number;
let freeCourseId: number;

async function addFileProduct(slug: string, status: "published" | "draft") {
  const now = new Date().toISOString();
  const product = await server.handle.db
    .insertInto("products")
    .values({
      kind: "file",
      slug,
      title: `Checklist ${slug}`,
      currency: "EUR",
      status,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await server.handle.db
    .insertInto("product_variants")
    .values({ product_id: product.id, position: 1, name: "", price_cents: 1500, created_at: now, updated_at: now })
    .execute();
  return product.id;
}

async function page(client: BrowserClient, path: string) {
  const answer = await client.page(path);
  return { ...answer, text: text(answer.html.replace(/<!-- -->/g, "")) };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server, {
    name: "Stan Student",
    email: "stan@example.com",
    password: "student-secret",
  });
  courseId = await addCourse(server, {
    slug: "pottery",
    title: "Pottery at home",
    price_cents: 12900,
    promo_price_cents: 8900,
    promo_starts_at: daysFromNow(-1),
    promo_ends_at: daysFromNow(5),
  });
  freeCourseId = await addCourse(server, { slug: "free-intro", title: "Free intro", price_cents: 0 });
  await addCourse(server, { slug: "draft-course", title: "Draft course", status: "draft" });
  await addFileProduct("checklist", "published");
  await addFileProduct("hidden-checklist", "draft");
  await addPromoCode(server, { code: "SAVE10", amount: 10 });
  await addPromoCode(server, { code: "OLD", amount: 10, ends_at: daysFromNow(-1) });
});

afterAll(async () => {
  await server?.stop();
});

describe("the checkout pages", () => {
  it("answer 404 for unknown and unpublished offers", async () => {
    const guest = await visitor(server, "/");
    for (const path of [
      "/no-such-course/checkout",
      "/draft-course/checkout",
      "/products/nothing-here/checkout",
      "/products/hidden-checklist/checkout",
    ]) {
      expect((await guest.page(path)).status, path).toBe(404);
    }
  });

  it("sends a viewer who may already watch the course to its watch page", async () => {
    await grantAccessByEmail(server, "stan@example.com", freeCourseId);
    const owned = await student.raw("/free-intro/checkout", { headers: { accept: "text/html" } });
    expect(owned.status).toBe(302);
    expect(owned.headers.get("location")).toBe("/free-intro/watch");
    const asAdmin = await admin.raw("/pottery/checkout", { headers: { accept: "text/html" } });
    expect(asAdmin.status).toBe(302);
    expect(asAdmin.headers.get("location")).toBe("/pottery/watch");
  });

  it("shows a guest the form that creates the account, with the promo price, the lowest price and the test provider", async () => {
    const guest = await visitor(server, "/");
    const { status, html, text: shown } = await page(guest, "/pottery/checkout");
    expect(status).toBe(200);
    expect(html).toMatch(/<form[^>]*action="\/pottery\/onepagecheckoutregister"/);
    expect(html).toMatch(/name="_csrf" value="[^"]+"/);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).toContain('href="/login?next=%2Fpottery%2Fcheckout"');
    expect(shown).toContain("Already have an account?");
    expect(shown).toContain("Test payment (simulated)");
    expect(html).toMatch(/<input[^>]*name="provider"[^>]*value="test"/);
    expect(shown).toContain("Lowest price in the last 30 days: €129.00");
    expect(shown).toContain("Pay €89.00");
    expect(html).toContain('name="quantity"');
    expect(html).toMatch(/name="unit_price_cents" value="8900"/);
    expect(html).toContain('name="terms"');
    expect(html).toContain('name="marketing"');
  });

  it("shows a logged-in buyer their e-mail and the plain checkout", async () => {
    const { html, text: shown } = await page(student, "/pottery/checkout");
    expect(html).toMatch(/<form[^>]*action="\/pottery\/onepagecheckout"/);
    expect(shown).toContain("stan@example.com");
    expect(html).not.toContain('name="password"');
    expect(html).toMatch(/name="name"[^>]*value="Stan Student"|value="Stan Student"[^>]*name="name"/);
  });

  it("says 'Get access' for a free course and asks for no payment method", async () => {
    const guest = await visitor(server, "/");
    const { html, text: shown } = await page(guest, "/free-intro/checkout");
    expect(shown).toContain("Get access");
    expect(shown).not.toContain("Test payment (simulated)");
    expect(html).not.toContain('name="invoice"');
  });

  it("applies a promo code remembered from a ?promo= link (its cookie) and says why one does not apply", async () => {
    const guest = await visitor(server, "/");
    guest.cookies.set("studium_promo", "save10");
    const fromCookie = await page(guest, "/pottery/checkout");
    expect(fromCookie.text).toContain("Code SAVE10 applied: −€8.90");
    expect(fromCookie.text).toContain("Pay €80.10");
    guest.cookies.delete("studium_promo");
    // The link's own answer sets the cookie (the page's script fills the field in); the next visit applies it.
    await guest.page("/pottery?promo=SAVE10");
    expect(guest.cookies.get("studium_promo")).toBe("SAVE10");
    expect((await page(guest, "/pottery/checkout")).text).toContain("Pay €80.10");
    guest.cookies.set("studium_promo", "OLD");
    const expired = await page(guest, "/pottery/checkout");
    expect(expired.text).toContain("Coupon code expired");
    expect(expired.html).toMatch(/name="promo_code"[^>]*value="OLD"|value="OLD"[^>]*name="promo_code"/);
    expect(expired.text).toContain("Pay €89.00");
  });

  it("serves other products at /products/{slug}/checkout, without seats", async () => {
    const guest = await visitor(server, "/");
    const { status, html, text: shown } = await page(guest, "/products/checklist/checkout");
    expect(status).toBe(200);
    expect(html).toMatch(/<form[^>]*action="\/products\/checklist\/onepagecheckoutregister"/);
    expect(shown).toContain("Checklist checklist");
    expect(html).not.toContain('name="quantity"');
    expect(shown).toContain("Pay €15.00");
  });

  it("shows a plain form's error sent back in the address", async () => {
    const guest = await visitor(server, "/");
    const { text: shown } = await page(guest, "/pottery/checkout?error=checkout:terms_required");
    expect(shown).toContain("Please tick the consent box to continue.");
    const ignored = await page(guest, "/pottery/checkout?error=<script>");
    expect(ignored.html).not.toContain("<script>");
  });

  it("records the optional marketing consent with the order", async () => {
    const buyer = await registerStudent(server, {
      name: "Mia Marketing",
      email: "mia@example.com",
      password: "student-secret",
    });
    const yes = await checkoutCourse(buyer, "pottery", { marketing: true });
    expect(JSON.parse((await transactionByHash(server, yes.body.hash)).consents)).toMatchObject({
      terms: true,
      marketing: true,
    });
    const other = await registerStudent(server, {
      name: "Nia No",
      email: "nia@example.com",
      password: "student-secret",
    });
    const no = await checkoutCourse(other, "pottery");
    expect(JSON.parse((await transactionByHash(server, no.body.hash)).consents)).toMatchObject({
      terms: true,
      marketing: false,
    });
  });
});

describe("the payment status page", () => {
  it("answers 404 for an unknown transaction", async () => {
    const guest = await visitor(server, "/");
    expect((await guest.page(`/transaction/${"x".repeat(32)}`)).status).toBe(404);
    expect((await guest.page("/transaction/short")).status).toBe(404);
  });

  it("renders a pending payment with its spinner, then the success card once paid", async () => {
    const buyer = await registerStudent(server, {
      name: "Pat Paid",
      email: "pat@example.com",
      password: "student-secret",
    });
    const { hash } = (await checkoutCourse(buyer, "pottery")).body as { hash: string };
    const pending = await page(buyer, `/transaction/${hash}`);
    expect(pending.status).toBe(200);
    expect(pending.html).toContain('data-payment-state="pending"');
    expect(pending.text).toContain("Waiting for the payment confirmation");
    expect(pending.text).toContain("€89.00");

    await buyer.page(`/payments/test/${hash}`);
    expect((await buyer.post(`/payments/test/${hash}/pay`)).status).toBe(200);
    const paid = await page(buyer, `/transaction/${hash}`);
    expect(paid.html).toContain('data-payment-state="success"');
    expect(paid.text).toContain("Payment successful");
    expect(paid.html).toMatch(/<a[^>]*href="\/pottery\/watch"[^>]*>Start/);
  });

  it("renders a failed payment with 'Go back' to the checkout", async () => {
    const buyer = await registerStudent(server, {
      name: "Fay Fail",
      email: "fay@example.com",
      password: "student-secret",
    });
    const { hash } = (await checkoutCourse(buyer, "pottery")).body as { hash: string };
    await buyer.page(`/payments/test/${hash}`);
    await buyer.post(`/payments/test/${hash}/fail`);
    const failed = await page(buyer, `/transaction/${hash}`);
    expect(failed.html).toContain('data-payment-state="failure"');
    expect(failed.text).toContain("Your payment did not go through");
    expect(failed.html).toMatch(/<a[^>]*href="\/pottery\/checkout"[^>]*>.*Go back/);
  });

  it("says 'Access granted' for a free course", async () => {
    const buyer = await registerStudent(server, {
      name: "Fred Free",
      email: "fred@example.com",
      password: "student-secret",
    });
    const { hash } = (await checkoutCourse(buyer, "free-intro")).body as { hash: string };
    const shown = await page(buyer, `/transaction/${hash}`);
    expect(shown.text).toContain("Access granted");
    expect(shown.text).not.toContain("Payment successful");
  });

  it("leads a team purchase to 'Manage access' with the seats left", async () => {
    const buyer = await registerStudent(server, {
      name: "Tia Team",
      email: "tia@example.com",
      password: "student-secret",
    });
    const { hash } = (await checkoutCourse(buyer, "pottery", { quantity: 3 })).body as { hash: string };
    await buyer.page(`/payments/test/${hash}`);
    await buyer.post(`/payments/test/${hash}/pay`);
    const shown = await page(buyer, `/transaction/${hash}`);
    expect(shown.html).toMatch(new RegExp(`<a[^>]*href="/home/access-manager/${courseId}"[^>]*>Manage access`));
    expect(shown.text).toContain("3 seats left to hand out with invitations.");
  });
});

describe("the simulated payment page", () => {
  it("shows an open test payment, unmistakably marked, with plain forms for Pay and Fail", async () => {
    const buyer = await registerStudent(server, {
      name: "Sim Tester",
      email: "sim@example.com",
      password: "student-secret",
    });
    const { hash } = (await checkoutCourse(buyer, "pottery", { quantity: 2 })).body as { hash: string };
    const shown = await page(buyer, `/payments/test/${hash}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Test payment — no money moves");
    expect(shown.text).toContain("Pottery at home × 2");
    expect(shown.text).toContain("€178.00");
    expect(shown.html).toMatch(new RegExp(`<form[^>]*action="/payments/test/${hash}/pay"`));
    expect(shown.html).toMatch(new RegExp(`<form[^>]*action="/payments/test/${hash}/fail"`));
  });

  it("answers 404 for unknown hashes and for transactions of other providers, and leads a decided one to its status", async () => {
    const guest = await visitor(server, "/");
    expect((await guest.page(`/payments/test/${"y".repeat(32)}`)).status).toBe(404);
    const buyer = await registerStudent(server, {
      name: "Zoe Zero",
      email: "zoe@example.com",
      password: "student-secret",
    });
    const free = (await checkoutCourse(buyer, "free-intro")).body as { hash: string };
    expect((await buyer.page(`/payments/test/${free.hash}`)).status).toBe(404);

    const paid = (await checkoutCourse(buyer, "pottery")).body as { hash: string };
    await buyer.page(`/payments/test/${paid.hash}`);
    await buyer.post(`/payments/test/${paid.hash}/pay`);
    const again = await buyer.raw(`/payments/test/${paid.hash}`, { headers: { accept: "text/html" } });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`/transaction/${paid.hash}`);
  });
});
