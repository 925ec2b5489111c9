// Variant price history (for the lowest price of the last 30 days): a row when a variant is made and whenever its
// price, promo price or promo dates change, none for other edits; kept variants keep their history when the list
// is reordered, removed ones lose it; a course product's variants start at position 2.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import type { Storage } from "#core/ports/storage.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { ensureCourseProduct } from "../selling/course-product.ts";
import { actors } from "../shared/test-actors.ts";
import { createProduct } from "./create-product.ts";
import { updateProduct } from "./update-product.ts";

let database: UnitDatabase;
let db: Db;
const storage = { delete: async () => {} } as unknown as Storage;
beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());

const history = (variantId: number) =>
  db
    .selectFrom("variant_price_changes")
    .select(["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at"])
    .where("variant_id", "=", variantId)
    .orderBy("id")
    .execute();

const plain = { promo_price_cents: null, promo_starts_at: null, promo_ends_at: null };

describe("variant price history", () => {
  it("writes a first row for every new variant", async () => {
    const product = await createProduct(
      db,
      actors.admin,
      {
        kind: "consultation",
        title: "Consultation",
        variants: [
          { name: "30 minutes", price_cents: 5_000 },
          { name: "60 minutes", price_cents: 9_000, promo_price_cents: 7_000, promo_ends_at: "2030-01-31" },
        ],
      },
      { currency: "PLN", vat_rate: 23 },
    );
    expect(product.currency).toBe("PLN");
    expect(product.variants.map((v) => [v.position, v.name])).toEqual([
      [1, "30 minutes"],
      [2, "60 minutes"],
    ]);
    expect(await history(product.variants[0]!.id)).toEqual([{ price_cents: 5_000, ...plain }]);
    expect(await history(product.variants[1]!.id)).toEqual([
      {
        price_cents: 9_000,
        promo_price_cents: 7_000,
        promo_starts_at: null,
        promo_ends_at: "2030-01-31T23:59:59.999Z",
      },
    ]);
  });

  it("adds a row only when a price field changes, keeps history across a reorder, drops it with the variant", async () => {
    const product = await createProduct(
      db,
      actors.admin,
      {
        kind: "consultation",
        title: "History",
        variants: [
          { name: "A", price_cents: 1_000 },
          { name: "B", price_cents: 2_000 },
        ],
      },
      { currency: "EUR", vat_rate: 23 },
    );
    const [a, b] = product.variants;
    // Other edits, the same prices again, a renamed variant: no new row.
    await updateProduct({ db, storage }, actors.admin, product.id, { title: "History, renamed" });
    await updateProduct({ db, storage }, actors.admin, product.id, {
      variants: [
        { id: a!.id, name: "A renamed", price_cents: 1_000 },
        { id: b!.id, name: "B", price_cents: 2_000 },
      ],
    });
    expect(await history(a!.id)).toHaveLength(1);

    // A's price changes and B moves first.
    const saved = await updateProduct({ db, storage }, actors.admin, product.id, {
      variants: [
        { id: b!.id, name: "B", price_cents: 2_000 },
        { id: a!.id, name: "A renamed", price_cents: 1_200, promo_price_cents: 900 },
      ],
    });
    expect(saved.variants.map((v) => [v.id, v.position])).toEqual([
      [b!.id, 1],
      [a!.id, 2],
    ]);
    expect(await history(a!.id)).toEqual([
      { price_cents: 1_000, ...plain },
      { price_cents: 1_200, promo_price_cents: 900, promo_starts_at: null, promo_ends_at: null },
    ]);
    expect(await history(b!.id)).toHaveLength(1);

    // A goes, a new C comes: A's history goes with it, C gets its first row.
    const after = await updateProduct({ db, storage }, actors.admin, product.id, {
      variants: [
        { id: b!.id, name: "B", price_cents: 2_000 },
        { name: "C", price_cents: 3_000 },
      ],
    });
    expect(after.variants.map((v) => v.name)).toEqual(["B", "C"]);
    expect(await history(a!.id)).toEqual([]);
    expect(await history(after.variants[1]!.id)).toEqual([{ price_cents: 3_000, ...plain }]);
  });

  it("refuses another product's variant id", async () => {
    const one = await createProduct(
      db,
      actors.admin,
      { kind: "consultation", title: "One", variants: [{ price_cents: 100 }] },
      { currency: "EUR", vat_rate: 23 },
    );
    const two = await createProduct(
      db,
      actors.admin,
      { kind: "consultation", title: "Two", variants: [{ price_cents: 100 }] },
      { currency: "EUR", vat_rate: 23 },
    );
    await expect(
      updateProduct({ db, storage }, actors.admin, two.id, { variants: [{ id: one.variants[0]!.id, price_cents: 1 }] }),
    ).rejects.toMatchObject({ code: "validation", fields: { "variants.0.id": [{ key: "validation:invalid" }] } });
    expect((await history(one.variants[0]!.id)).map((row) => row.price_cents)).toEqual([100]);
  });

  it("keeps a course product's first variant (the course's price) and saves the others from position 2", async () => {
    const now = new Date().toISOString();
    const course = await db
      .insertInto("courses")
      .values({
        slug: "priced-course",
        title: "Priced",
        description: "",
        status: "published",
        price_cents: 10_000,
        currency: "EUR",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const productId = (await ensureCourseProduct(db, course.id))!;
    const saved = await updateProduct({ db, storage }, actors.admin, productId, {
      promo_limit: 10,
      variants: [{ name: "With mentoring", price_cents: 20_000 }],
      // a course product's own fields follow the course: ignored here
      title: "Something else",
    });
    expect(saved.title).toBe("Priced");
    expect(saved.promo_limit).toBe(10);
    expect(saved.variants.map((v) => [v.position, v.name, v.price_cents])).toEqual([
      [1, "", 10_000],
      [2, "With mentoring", 20_000],
    ]);
    expect(await history(saved.variants[1]!.id)).toEqual([{ price_cents: 20_000, ...plain }]);
    // Variant 1's history is the course's own (course_price_changes), never written here.
    expect(await history(saved.variants[0]!.id)).toEqual([]);
  });
});
