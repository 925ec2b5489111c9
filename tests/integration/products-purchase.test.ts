// Every kind of product bought through the checkout with the test provider (the selling issue's "done when"): a
// bundle gives its courses, a file becomes downloadable, a consultation and a live event appear in the student's
// purchases; a chosen price variant is what is charged; a product with a promo code; quantities above 1 are for
// courses only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";
import { addProduct, uploadProductFile } from "./products-helpers.ts";
import { addPromoCode, buyer, manyStudents, transactionByHash } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});

afterAll(async () => {
  await server?.stop();
});

async function buy(client: BrowserClient, slug: string, body: Record<string, unknown> = {}) {
  const started = await client.post(`/products/${slug}/onepagecheckout`, { ...buyer, provider: "test", ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  if (!started.body.free) await client.post(`/payments/test/${started.body.hash}/pay`);
  return started.body.hash as string;
}

describe("buying each kind of product", () => {
  it("a bundle gives access to each of its courses", async () => {
    const first = await addCourse(server, { slug: "bundle-one", title: "One" });
    const second = await addCourse(server, { slug: "bundle-two", title: "Two" });
    await addProduct(server, {
      kind: "bundle",
      slug: "both",
      title: "Both courses",
      course_ids: [first, second],
      variants: [{ price_cents: 15000 }],
    });
    const [student] = await manyStudents(server, 1, "bundler");
    const hash = await buy(student!, "both");
    expect((await student!.post(`/transaction/${hash}/pending`)).body).toMatchObject({
      status: "ACCESS_GRANTED",
      nextLink: "/my",
    });
    for (const slug of ["bundle-one", "bundle-two"]) {
      const page = await student!.page(`/${slug}/checkout`);
      // An owner of the course is sent to watch it.
      expect([302, 303]).toContain(page.status);
      expect(page.headers.get("location")).toBe(`/${slug}/watch`);
    }
  });

  it("a file product becomes downloadable by its buyer only", async () => {
    const key = await uploadProductFile(server, admin, "guide.pdf", Buffer.from("%PDF-1.4\n% guide\n%%EOF\n"));
    await addProduct(server, {
      kind: "file",
      slug: "guide",
      title: "The guide",
      file_key: key,
      file_name: "guide.pdf",
      variants: [{ price_cents: 1900 }],
    });
    const [owner, other] = await manyStudents(server, 2, "reader");
    expect((await owner!.raw("/my/products/guide/download")).status).toBe(404);
    const hash = await buy(owner!, "guide");
    expect((await owner!.post(`/transaction/${hash}/pending`)).body.nextLink).toBe("/my/products/guide");
    const download = await owner!.raw("/my/products/guide/download");
    expect(download.status).toBe(200);
    expect(await download.text()).toContain("% guide");
    expect((await other!.raw("/my/products/guide/download")).status).toBe(404);
  });

  it("a consultation and a live event appear in the buyer's purchases", async () => {
    await addProduct(server, {
      kind: "consultation",
      slug: "talk",
      title: "One hour talk",
      variants: [{ price_cents: 30000 }],
    });
    await addProduct(server, {
      kind: "live_event",
      slug: "live",
      title: "Live Q&A",
      event_starts_at: "2027-01-15T18:00:00.000Z",
      event_link: "https://meet.example.com/qa",
      variants: [{ price_cents: 2000 }],
    });
    const [student] = await manyStudents(server, 1, "talker");
    await buy(student!, "talk");
    await buy(student!, "live");
    const page = await student!.page("/my");
    expect(page.html).toContain("One hour talk");
    expect(page.html).toContain("Live Q&amp;A");
    expect(page.html).toContain("https://meet.example.com/qa");
  });

  it("charges the chosen price variant, less a promo code, and sells products other than courses one at a time", async () => {
    const { id, variantIds } = await addProduct(server, {
      kind: "consultation",
      slug: "coaching",
      title: "Coaching",
      variants: [
        { name: "30 min", price_cents: 10000 },
        { name: "60 min", price_cents: 18000 },
      ],
    });
    await addPromoCode(server, { code: "COACH", amount: 50, product_id: id });
    const [student] = await manyStudents(server, 1, "coached");
    const hash = await buy(student!, "coaching", { variant_id: variantIds[1], promo_code: "coach" });
    expect(await transactionByHash(server, hash)).toMatchObject({
      unit_price_cents: 18000,
      discount_cents: 9000,
      total_cents: 9000,
      status: "ACCESS_GRANTED",
    });
    const team = await student!.post("/products/coaching/onepagecheckout", { ...buyer, provider: "test", quantity: 2 });
    expect(team.status).toBe(422);
    expect(team.body.errors.quantity).toEqual(["Only courses can be bought for a team."]);
  });
});
