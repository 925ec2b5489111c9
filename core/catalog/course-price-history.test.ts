// Price changes are recorded on create and on every change of a price field, and only then.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { actors } from "../shared/test-actors.ts";
import { createCourse } from "./create-course.ts";
import { pricesChanged } from "./course-price-history.ts";
import { updateCourse } from "./update-course.ts";

let database: UnitDatabase;
let db: Db;
beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());

const history = (courseId: number) =>
  db
    .selectFrom("course_price_changes")
    .select(["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at"])
    .where("course_id", "=", courseId)
    .orderBy("id")
    .execute();

describe("course price history", () => {
  it("compares exactly the four price fields", () => {
    const prices = { price_cents: 100, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null };
    expect(pricesChanged(prices, { ...prices })).toBe(false);
    expect(pricesChanged(prices, { ...prices, price_cents: 101 })).toBe(true);
    expect(pricesChanged(prices, { ...prices, promo_price_cents: 50 })).toBe(true);
    expect(pricesChanged(prices, { ...prices, promo_ends_at: "2026-01-01T00:00:00.000Z" })).toBe(true);
  });

  it("writes a row on create and on each price change, none for other edits", async () => {
    const course = await createCourse(
      db,
      actors.admin,
      { title: "Prices", price_cents: 19_900 },
      { currency: "PLN", vat_rate: 23 },
    );
    expect(course.currency).toBe("PLN");
    expect(await history(course.id)).toEqual([
      { price_cents: 19_900, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null },
    ]);

    await updateCourse(db, actors.admin, course.id, { title: "Prices, renamed", description: "New text" });
    expect(await history(course.id)).toHaveLength(1);

    await updateCourse(db, actors.admin, course.id, { price_cents: 24_900 });
    await updateCourse(db, actors.admin, course.id, {
      promo_price_cents: 14_900,
      promo_starts_at: "2026-06-01",
      promo_ends_at: "2026-06-30",
    });
    // Saving the same prices again changes nothing.
    await updateCourse(db, actors.admin, course.id, { price_cents: 24_900, promo_price_cents: 14_900 });
    expect(await history(course.id)).toEqual([
      { price_cents: 19_900, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null },
      { price_cents: 24_900, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null },
      {
        price_cents: 24_900,
        promo_price_cents: 14_900,
        promo_starts_at: "2026-06-01T00:00:00.000Z",
        promo_ends_at: "2026-06-30T23:59:59.999Z",
      },
    ]);
  });

  it("keeps search_text in step with the title and description, and published_at from the first publish", async () => {
    const course = await createCourse(
      db,
      actors.admin,
      { title: "Źródła Światła", description: "Kurs o ŁADNYM świetle" },
      { currency: "EUR", vat_rate: 23 },
    );
    const row = () =>
      db
        .selectFrom("courses")
        .select(["search_text", "published_at", "status"])
        .where("id", "=", course.id)
        .executeTakeFirstOrThrow();
    expect((await row()).search_text).toBe("zrodla swiatla kurs o ladnym swietle");
    expect((await row()).published_at).toBeNull();

    await updateCourse(db, actors.admin, course.id, { title: "Nowy tytuł" });
    expect((await row()).search_text).toBe("nowy tytul kurs o ladnym swietle");

    await updateCourse(db, actors.admin, course.id, { status: "published" });
    const first = (await row()).published_at;
    expect(first).not.toBeNull();
    await updateCourse(db, actors.admin, course.id, { status: "unpublished" });
    await updateCourse(db, actors.admin, course.id, { status: "published" });
    expect(await row()).toMatchObject({ status: "published", published_at: first });
  });
});
