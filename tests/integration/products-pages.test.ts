// The product pages over HTTP (the selling issue, item 1): /products/{slug} for published products only (admins
// preview drafts), with each variant's price, promo price and lowest price of 30 days, a bundle's courses, a live
// event's date but never its link, and 'buy' or 'has access'; the /products list; the student's /my/products from
// product_access (not revoked, not expired) and the file download only for those who have it (IDOR: 404); the
// rendered-page cache renewed by product edits; and the course sales page hiding a promotion whose promotional
// packages are sold out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { addCourse, daysFromNow, text } from "./catalog-helpers.ts";
import { courseProductId } from "./selling-helpers.ts";
import { grantAccess } from "../helpers/discussion-fixtures.ts";
import { addProduct, grantProduct, newStudent, uploadProductFile, userId } from "./products-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let courseId: number;
let fileKey: string;
const fileBytes = Buffer.from("PK\u0003\u0004 the course materials");

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  courseId = await addCourse(server, { slug: "photo-basics", title: "Photo basics" });
  const draftCourse = await addCourse(server, { slug: "hidden-course", title: "Hidden course", status: "draft" });
  await addProduct(server, {
    kind: "bundle",
    slug: "photo-bundle",
    title: "Photo bundle",
    description: "Everything about **light**.<script>alert(1)</script>",
    course_ids: [courseId, draftCourse],
    variants: [
      {
        name: "Solo",
        price_cents: 20_000,
        promo_price_cents: 15_000,
        promo_starts_at: daysFromNow(-2),
        promo_ends_at: daysFromNow(5),
      },
      { name: "Team", price_cents: 60_000 },
    ],
  });
  await addProduct(server, {
    kind: "live_event",
    slug: "live-qa",
    title: "Live Q&A",
    event_starts_at: "2031-03-04T18:30:00.000Z",
    event_link: "https://meet.example.com/secret-room",
  });
  await addProduct(server, {
    kind: "consultation",
    slug: "draft-consultation",
    title: "Draft consultation",
    status: "draft",
  });
  fileKey = await uploadProductFile(server, admin, "materials.zip", fileBytes);
  await addProduct(server, {
    kind: "file",
    slug: "materials",
    title: "Materials",
    file_key: fileKey,
    file_name: "Course materials.zip",
  });
});
afterAll(() => server?.stop());

async function anonymous(path: string) {
  return new BrowserClient(server.url).page(path);
}

describe("the product page", () => {
  it("shows a published bundle: its courses (published ones linked), each variant's price and the buy button", async () => {
    const page = await anonymous("/products/photo-bundle");
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain("Photo bundle");
    expect(page.html).toContain('href="/photo-basics"');
    expect(html).toContain("Hidden course");
    expect(page.html).not.toContain('href="/hidden-course"');
    expect(html).toContain("€150.00");
    expect(html).toContain("€200.00");
    expect(html).toContain("€600.00");
    expect(html).toContain("Lowest price in the last 30 days: €200.00");
    expect(page.html).toContain('href="/products/photo-bundle/checkout"');
    // The description is markdown, and its raw HTML is dropped.
    expect(page.html).toContain("<strong>light</strong>");
    expect(page.html).not.toContain("<script>alert(1)</script>");
  });

  it("shows a live event's date in the school's format but never its link", async () => {
    const page = await anonymous("/products/live-qa");
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain("Live on 4 Mar 2031 18:30 UTC");
    expect(page.html).not.toContain("secret-room");
  });

  it("shows a file product's file name and size", async () => {
    const page = await anonymous("/products/materials");
    expect(text(page.html)).toContain("Course materials.zip");
    expect(page.html).not.toContain(fileKey);
  });

  it("is a 404 for drafts and unknown products, except that admins preview drafts", async () => {
    expect((await anonymous("/products/draft-consultation")).status).toBe(404);
    expect((await anonymous("/products/no-such-product")).status).toBe(404);
    const { client: student } = await newStudent(server);
    expect((await student.page("/products/draft-consultation")).status).toBe(404);
    const preview = await admin.page("/products/draft-consultation");
    expect(preview.status).toBe(200);
    expect(preview.html).toContain('data-testid="draft-banner"');
  });

  it("leads a buyer who has the product to their purchases instead of the checkout", async () => {
    const { client, email } = await newStudent(server);
    expect((await client.page("/products/live-qa")).html).toContain('data-checkout="buy"');
    await grantProduct(server, email, await productId("live-qa"));
    const page = await client.page("/products/live-qa");
    expect(page.html).toContain('data-checkout="has-access"');
    expect(page.html).toContain('href="/my"');
  });

  it("lists published products on /products", async () => {
    const page = await anonymous("/products");
    const html = text(page.html);
    expect(html).toContain("Photo bundle");
    expect(html).toContain("from €150.00");
    expect(html).toContain("Materials");
    expect(html).not.toContain("Draft consultation");
  });

  it("is renewed in the rendered-page cache when the product is edited", async () => {
    await waitFor(async () =>
      (await anonymous("/products/materials")).headers.get("x-page-cache") === "hit" ? true : undefined,
    );
    const id = await productId("materials");
    const saved = await admin.json("PUT", `/home/products/${id}`, { title: "Materials, second edition" });
    expect(saved.status).toBe(200);
    await waitFor(async () =>
      text((await anonymous("/products/materials")).html).includes("Materials, second edition") ? true : undefined,
    );
  });
});

async function productId(slug: string): Promise<number> {
  const row = await server.handle.db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("the student's products and downloads", () => {
  it("lists what the student may use now, with a live event's link, and nothing revoked or expired", async () => {
    const { client, email } = await newStudent(server);
    await grantProduct(server, email, await productId("live-qa"));
    await grantProduct(server, email, await productId("photo-bundle"));
    await grantProduct(server, email, await productId("materials"), { revoked_at: new Date().toISOString() });
    const page = await client.page("/my");
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain("Live Q&A");
    expect(page.html).toContain('href="https://meet.example.com/secret-room"');
    expect(html).toContain("Photo bundle");
    expect(page.html).toContain('href="/photo-basics/watch"');
    expect(html).not.toContain("Materials");
    expect((await client.page("/my/products/materials")).status).toBe(404);

    const { client: expired, email: expiredEmail } = await newStudent(server);
    await grantProduct(server, expiredEmail, await productId("live-qa"), {
      starts_at: daysFromNow(-40),
      ends_at: daysFromNow(-10),
    });
    expect(text((await expired.page("/my")).html)).not.toContain("Live Q&A");
    expect((await expired.page("/my/products/live-qa")).status).toBe(404);
  });

  it("streams the file as an attachment to a student who has it, and to nobody else (404)", async () => {
    const { client: buyer, email } = await newStudent(server);
    await grantProduct(server, email, await productId("materials"));
    const detail = await buyer.page("/my/products/materials");
    expect(detail.status).toBe(200);
    expect(detail.html).toContain('href="/my/products/materials/download"');

    const download = await buyer.raw("/my/products/materials/download");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="Course_materials.zip"; filename*=UTF-8''Course%20materials.zip`,
    );
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await download.arrayBuffer()).equals(fileBytes)).toBe(true);

    // Another student (IDOR), a visitor, a product that is not a file, a slug that does not exist.
    const { client: other } = await newStudent(server);
    expect((await other.raw("/my/products/materials/download")).status).toBe(404);
    expect((await (await visitor(server)).raw("/my/products/materials/download")).status).toBe(401);
    const { client: eventBuyer, email: eventEmail } = await newStudent(server);
    await grantProduct(server, eventEmail, await productId("live-qa"));
    expect((await eventBuyer.raw("/my/products/live-qa/download")).status).toBe(404);
    expect((await buyer.raw("/my/products/no-such-thing/download")).status).toBe(404);
    // Admins may check any file product's file.
    expect((await admin.raw("/my/products/materials/download")).status).toBe(200);
  });

  it("stops the download when the access has ended", async () => {
    const { client, email } = await newStudent(server);
    await grantProduct(server, email, await productId("materials"), {
      starts_at: daysFromNow(-40),
      ends_at: daysFromNow(-1),
    });
    expect((await client.raw("/my/products/materials/download")).status).toBe(404);
  });

  it("sends a visitor to the login page", async () => {
    const page = await (await visitor(server)).raw("/my/products/live-qa", { headers: { accept: "text/html" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?next=%2Fmy%2Fproducts%2Flive-qa");
  });

  it("lists the student's courses and other products on one page, by kind, and sends old links there", async () => {
    const { client, email } = await newStudent(server);
    await grantProduct(server, email, await productId("live-qa"));
    await grantProduct(server, email, await productId("photo-bundle"));
    const course = await server.handle.db
      .selectFrom("courses")
      .select("id")
      .where("slug", "=", "photo-basics")
      .executeTakeFirstOrThrow();
    await grantAccess(server.handle.db, await userId(server, email), course.id);
    const html = text((await client.page("/my")).html);
    const order = ["Courses", "Bundles", "Live events"].map((heading) => html.indexOf(`>${heading}</h2>`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain("Photo bundle");
    expect(html).toContain("Live Q&A");
    expect(html).not.toContain(">Purchases<");
    const old = await client.raw("/my/products", { headers: { accept: "text/html" } });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/my");
  });
});

describe("the course sales page and its promotional packages", () => {
  it("stops showing the promo price once the promotional packages are sold out", async () => {
    const id = await addCourse(server, {
      slug: "limited-promo",
      title: "Limited promo",
      price_cents: 10_000,
      promo_price_cents: 5_000,
      promo_starts_at: daysFromNow(-1),
      promo_ends_at: daysFromNow(10),
    });
    const product = await courseProductId(server, id);
    await server.handle.db
      .updateTable("products")
      .set({ promo_limit: 2, promo_sold: 1 })
      .where("id", "=", product)
      .execute();
    const { client } = await newStudent(server);
    const open = await client.page("/limited-promo");
    expect(open.html).toContain('data-testid="promo-price"');
    expect(text(open.html)).toContain("€50.00");

    await server.handle.db.updateTable("products").set({ promo_sold: 2 }).where("id", "=", product).execute();
    const soldOut = await client.page("/limited-promo");
    expect(soldOut.html).not.toContain('data-testid="promo-price"');
    expect(soldOut.html).toContain('data-price="regular"');
    expect(text(soldOut.html)).not.toContain("€50.00");

    // Unlimited packages (-1) never end a promotion.
    await server.handle.db.updateTable("products").set({ promo_limit: -1 }).where("id", "=", product).execute();
    expect((await client.page("/limited-promo")).html).toContain('data-testid="promo-price"');
  });
});
