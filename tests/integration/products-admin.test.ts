// The product editor's calls over HTTP (the selling issue, item 1): admins only (401 / 403 / 404), the list with
// every course's product and its filters, creating and editing bundles, consultations, live events and file
// products (slugs unique and not a course's, the rules of price variants and their history rows, 422 field errors
// in the school's language), the course products' own part, the private file upload, deletion refused once a
// product has transactions, and the catalog cache version moving with every change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCacheVersion } from "#platform/cache/versions.ts";
import { changeSettings, englishSchool, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";
import { putSigned } from "./media-helpers.ts";
import { addProduct, addTransaction, newStudent, uploadProductFile } from "./products-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let courseA: number;
let courseB: number;

const consultation = { kind: "consultation", title: "One hour with me", variants: [{ price_cents: 9_900 }] };

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  courseA = await addCourse(server, { slug: "course-a", title: "Course A", price_cents: 10_000 });
  courseB = await addCourse(server, { slug: "course-b", title: "Course B", status: "draft" });
});
afterAll(() => server?.stop());

const history = (variantId: number) =>
  server.handle.db
    .selectFrom("variant_price_changes")
    .select(["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at"])
    .where("variant_id", "=", variantId)
    .orderBy("id")
    .execute();

describe("who may use the product editor", () => {
  it("answers 401 without a session and 403 to a student, whatever the ids", async () => {
    const guest = await visitor(server);
    const { client: student } = await newStudent(server);
    const calls: [string, string, unknown?][] = [
      ["GET", "/home/products"],
      ["GET", "/home/products/1"],
      ["POST", "/home/products", consultation],
      ["PUT", "/home/products/1", { title: "x" }],
      ["PUT", "/home/products/999999", { title: "x" }],
      ["DELETE", "/home/products/1"],
      ["POST", "/home/products/files/create", { filename: "a.pdf" }],
      ["POST", "/home/products/files/confirm", { path: "products/x/a.pdf" }],
    ];
    for (const [method, path, body] of calls) {
      expect((await guest.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await student.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await server.handle.db.selectFrom("products").select("id").where("kind", "!=", "course").execute()).toEqual(
      [],
    );
  });

  it("answers 404 for a product that does not exist, and shows the editor pages only to admins", async () => {
    expect((await admin.json("GET", "/home/products/999999")).status).toBe(404);
    expect((await admin.json("PUT", "/home/products/999999", consultation)).status).toBe(404);
    expect((await admin.json("DELETE", "/home/products/abc")).status).toBe(404);
    expect((await admin.page("/home/products")).status).toBe(200);
    expect((await admin.page("/home/products/new")).status).toBe(200);
    expect((await admin.page("/home/products/999999")).status).toBe(404);
    const { client: student } = await newStudent(server);
    expect((await student.page("/home/products")).status).toBe(404);
  });
});

describe("the product list", () => {
  it("lists every course's product next to the other products, with filters by kind and status", async () => {
    await addProduct(server, { kind: "file", slug: "listed-file", title: "Listed file", status: "draft" });
    const all = await admin.json("GET", "/home/products");
    expect(all.status).toBe(200);
    const titles = (all.body.products as { title: string; kind: string }[]).map((p) => `${p.kind}:${p.title}`);
    expect(titles).toEqual(expect.arrayContaining(["course:Course A", "course:Course B", "file:Listed file"]));
    const courses = await admin.json("GET", "/home/products?kind=course");
    expect((courses.body.products as { kind: string }[]).every((p) => p.kind === "course")).toBe(true);
    expect(courses.body.products).toHaveLength(2);
    const drafts = await admin.json("GET", "/home/products?status=draft");
    expect((drafts.body.products as { title: string }[]).map((p) => p.title).sort()).toEqual([
      "Course B",
      "Listed file",
    ]);
    // An unknown filter value means "all".
    expect((await admin.json("GET", "/home/products?kind=spaceship")).body.products.length).toBe(
      all.body.products.length,
    );
    const page = await admin.page("/home/products?kind=course");
    expect(page.html).toContain("Course A");
    expect(page.html).not.toContain("Listed file");
  });

  it("counts units sold and shows promotional packages sold of their limit", async () => {
    const { email } = await newStudent(server);
    const { id } = await addProduct(server, {
      kind: "consultation",
      slug: "counted",
      title: "Counted",
      promo_limit: 10,
      promo_sold: 3,
    });
    await addTransaction(server, id, { email, quantity: 2 });
    await addTransaction(server, id, { email, status: "FAILURE" });
    const listed = (await admin.json("GET", "/home/products?kind=consultation")).body.products.find(
      (p: { id: number }) => p.id === id,
    );
    expect(listed).toMatchObject({ sold: 2, promo_limit: 10, promo_sold: 3 });
    expect((await admin.page("/home/products?kind=consultation")).html).toContain("3 of 10");
  });
});

describe("creating and editing products", () => {
  it("creates a bundle with its courses in order and the first history row of each variant", async () => {
    const before = await readCacheVersion(server.handle.db, "catalog");
    const response = await admin.post("/home/products", {
      kind: "bundle",
      title: "Both courses",
      course_ids: [courseB, courseA],
      status: "published",
      promo_limit: 5,
      variants: [
        {
          name: "Solo",
          price_cents: 15_000,
          promo_price_cents: 12_000,
          promo_starts_at: "2026-01-01",
          promo_ends_at: "2036-01-31",
        },
        { name: "Team", price_cents: 40_000 },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const product = response.body.product;
    expect(product).toMatchObject({
      kind: "bundle",
      slug: "both-courses",
      currency: "EUR",
      status: "published",
      course_ids: [courseB, courseA],
      promo_limit: 5,
    });
    expect(product.published_at).toBeTruthy();
    expect(await history(product.variants[0].id)).toEqual([
      {
        price_cents: 15_000,
        promo_price_cents: 12_000,
        promo_starts_at: "2026-01-01T00:00:00.000Z",
        promo_ends_at: "2036-01-31T23:59:59.999Z",
      },
    ]);
    expect(await history(product.variants[1].id)).toHaveLength(1);
    expect(await readCacheVersion(server.handle.db, "catalog")).toBeGreaterThan(before);
  });

  it("records a history row for each price change of a variant, none for other edits", async () => {
    const created = (await admin.post("/home/products", { ...consultation, title: "Priced consultation" })).body
      .product;
    const variantId = created.variants[0].id;
    const versions = [await readCacheVersion(server.handle.db, "catalog")];

    const renamed = await admin.json("PUT", `/home/products/${created.id}`, { title: "Renamed consultation" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.product.slug).toBe("priced-consultation");
    versions.push(await readCacheVersion(server.handle.db, "catalog"));
    expect(await history(variantId)).toHaveLength(1);

    const repriced = await admin.json("PUT", `/home/products/${created.id}`, {
      variants: [{ id: variantId, price_cents: 12_900, promo_price_cents: 9_900 }],
    });
    expect(repriced.status).toBe(200);
    versions.push(await readCacheVersion(server.handle.db, "catalog"));
    expect((await history(variantId)).map((row) => [row.price_cents, row.promo_price_cents])).toEqual([
      [9_900, null],
      [12_900, 9_900],
    ]);
    // Every edit moved the catalog's cache version (the product page is cached for visitors).
    expect(versions[1]).toBeGreaterThan(versions[0]!);
    expect(versions[2]).toBeGreaterThan(versions[1]!);
  });

  it("keeps slugs unique among products and apart from course slugs", async () => {
    const first = await admin.post("/home/products", { ...consultation, title: "Unique", slug: "my-consultation" });
    expect(first.status).toBe(200);
    const again = await admin.post("/home/products", {
      ...consultation,
      title: "Unique again",
      slug: "My Consultation",
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.slug).toEqual(["This name is already taken."]);
    const course = await admin.post("/home/products", { ...consultation, title: "Clash", slug: "course-a" });
    expect(course.status).toBe(422);
    expect(course.body.errors.slug).toEqual(["This name is already taken."]);
    // A generated slug steps around both.
    const generated = await admin.post("/home/products", { ...consultation, title: "Course A" });
    expect(generated.body.product.slug).toBe("course-a-2");
  });

  it("answers the rules' 422 field errors in the school's language", async () => {
    const body = {
      kind: "live_event",
      title: "Webinar",
      variants: [
        { price_cents: 5_000, promo_price_cents: 4_000, promo_starts_at: "2026-05-10", promo_ends_at: "2026-05-09" },
      ],
    };
    const english = await admin.post("/home/products", body);
    expect(english.status).toBe(422);
    expect(english.body.errors).toEqual({
      event_starts_at: ["This field is required."],
      "variants.0.promo_ends_at": ["The end date cannot be before the start date."],
    });
    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      const polish = await admin.post("/home/products", body);
      expect(polish.status).toBe(422);
      expect(polish.body.errors).toEqual({
        event_starts_at: ["To pole jest wymagane."],
        "variants.0.promo_ends_at": ["Data końcowa nie może być wcześniejsza niż początkowa."],
      });
      const bundle = await admin.post("/home/products", {
        kind: "bundle",
        title: "Empty bundle",
        course_ids: [999_999],
        variants: [{ price_cents: 1 }],
      });
      expect(bundle.body.errors).toEqual({ course_ids: ["Jeden z kursów już nie istnieje."] });
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl" }, { language: "en" });
    }
    expect(
      await server.handle.db
        .selectFrom("products")
        .select("id")
        .where("title", "in", ["Webinar", "Empty bundle"])
        .execute(),
    ).toEqual([]);
  });

  it("refuses more than three variants and unnamed variants in a list, and never changes a product's kind", async () => {
    const four = await admin.post("/home/products", {
      ...consultation,
      variants: ["A", "B", "C", "D"].map((name) => ({ name, price_cents: 100 })),
    });
    expect(four.status).toBe(422);
    expect(Object.keys(four.body.errors)).toEqual(["variants"]);
    const unnamed = await admin.post("/home/products", {
      ...consultation,
      variants: [{ price_cents: 100 }, { name: "B", price_cents: 200 }],
    });
    expect(unnamed.body.errors).toEqual({ "variants.0.name": ["Give each variant a name."] });
    const created = (await admin.post("/home/products", { ...consultation, title: "Stays a consultation" })).body
      .product;
    const changed = await admin.json("PUT", `/home/products/${created.id}`, { kind: "file" });
    expect(changed.status).toBe(200);
    expect(changed.body.product.kind).toBe("consultation");
  });

  it("edits a course product's variants 2 and 3 and its promo limit, never its first variant", async () => {
    const listed = (await admin.json("GET", "/home/products?kind=course")).body.products.find(
      (p: { title: string }) => p.title === "Course A",
    );
    const saved = await admin.json("PUT", `/home/products/${listed.id}`, {
      promo_limit: 20,
      variants: [
        { name: "With mentoring", price_cents: 25_000 },
        { name: "Team of five", price_cents: 45_000 },
      ],
      price_cents: 1,
      title: "Hijacked",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.product).toMatchObject({
      kind: "course",
      title: "Course A",
      promo_limit: 20,
      course: { id: courseA, slug: "course-a" },
    });
    expect(
      saved.body.product.variants.map((v: { position: number; price_cents: number }) => [v.position, v.price_cents]),
    ).toEqual([
      [1, 10_000],
      [2, 25_000],
      [3, 45_000],
    ]);
    expect(await history(saved.body.product.variants[1].id)).toHaveLength(1);
    const three = await admin.json("PUT", `/home/products/${listed.id}`, {
      variants: ["A", "B", "C"].map((name) => ({ name, price_cents: 100 })),
    });
    expect(three.status).toBe(422);
    const deleted = await admin.json("DELETE", `/home/products/${listed.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe("A course's product is deleted together with its course.");
  });
});

describe("the file of a file product", () => {
  it("uploads a private file through the signed upload and creates the file product with it", async () => {
    const bytes = Buffer.from("%PDF-1.4\n% a small guide\n");
    const key = await uploadProductFile(server, admin, "Guide ąę.pdf", bytes);
    expect(key).toMatch(/^products\/[0-9a-f]{24}\/Guide-ae\.pdf$/);
    // Private: never served at /files.
    expect((await admin.raw(`/files/${key}`)).status).toBe(404);
    const created = await admin.post("/home/products", {
      kind: "file",
      title: "The guide",
      file_key: key,
      file_name: "Guide ąę.pdf",
      variants: [{ price_cents: 1_900 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.product.file).toEqual({ key, name: "Guide ąę.pdf", size: bytes.length });
  });

  it("refuses a type it does not sell, a file that is not a product file, and a ticket that was not used", async () => {
    const exe = await admin.post("/home/products/files/create", { filename: "tool.exe" });
    expect(exe.status).toBe(422);
    expect(exe.body.errors.filename).toEqual(["This type of file cannot be sold here."]);

    const image = await admin.post("/home/images/create", { extension: "png", filename: "cover.png" });
    const asFile = await admin.post("/home/products", {
      kind: "file",
      title: "Sneaky",
      file_key: image.body.download,
      file_name: "cover.png",
      variants: [{ price_cents: 100 }],
    });
    expect(asFile.status).toBe(422);
    expect(asFile.body.errors).toEqual({ file_key: ["The file has not been uploaded."] });

    const ticket = await admin.post("/home/products/files/create", { filename: "later.zip" });
    const early = await admin.post("/home/products/files/confirm", { path: ticket.body.download });
    expect(early.status).toBe(409);
    const notUploaded = await admin.post("/home/products", {
      kind: "file",
      title: "Not yet",
      file_key: ticket.body.download,
      file_name: "later.zip",
      variants: [{ price_cents: 100 }],
    });
    expect(notUploaded.body.errors).toEqual({ file_key: ["The file has not been uploaded."] });
    // The PUT must carry the signed content type.
    expect((await putSigned(server, ticket.body.upload, Buffer.from("PK"), "application/octet-stream")).status).toBe(
      403,
    );
  });

  it("removes the old file's bytes when a product gets another file", async () => {
    const first = await uploadProductFile(server, admin, "v1.zip", Buffer.from("PK first"));
    const created = (
      await admin.post("/home/products", {
        kind: "file",
        title: "Versioned",
        file_key: first,
        file_name: "v1.zip",
        variants: [{ price_cents: 100 }],
      })
    ).body.product;
    const second = await uploadProductFile(server, admin, "v2.zip", Buffer.from("PK second"));
    const saved = await admin.json("PUT", `/home/products/${created.id}`, { file_key: second, file_name: "v2.zip" });
    expect(saved.body.product.file).toMatchObject({ key: second, name: "v2.zip" });
    expect(
      await server.handle.db.selectFrom("uploads").select("id").where("storage_key", "=", first).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe("deleting products", () => {
  it("deletes a product nobody bought, and refuses one with transactions (unpublish instead)", async () => {
    const lonely = (await admin.post("/home/products", { ...consultation, title: "Lonely" })).body.product;
    const before = await readCacheVersion(server.handle.db, "catalog");
    expect((await admin.json("DELETE", `/home/products/${lonely.id}`)).status).toBe(200);
    expect((await admin.json("GET", `/home/products/${lonely.id}`)).status).toBe(404);
    expect(
      await server.handle.db.selectFrom("product_variants").select("id").where("product_id", "=", lonely.id).execute(),
    ).toEqual([]);
    expect(await readCacheVersion(server.handle.db, "catalog")).toBeGreaterThan(before);

    const { email } = await newStudent(server);
    const bought = (await admin.post("/home/products", { ...consultation, title: "Bought" })).body.product;
    await addTransaction(server, bought.id, { email, status: "PENDING" });
    const refused = await admin.json("DELETE", `/home/products/${bought.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This product has been bought, so it cannot be deleted. Unpublish it instead.");
    expect((await admin.json("GET", `/home/products/${bought.id}`)).body.product).toMatchObject({
      has_transactions: true,
    });
    const unpublished = await admin.json("PUT", `/home/products/${bought.id}`, { status: "unpublished" });
    expect(unpublished.body.product.status).toBe("unpublished");
  });
});
