// The catalog cache version (./versions.ts) on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// it moves by itself when any table the cached pages show is written, a foreign-key cascade included, and not
// for other tables; every listed table has its trigger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { nowIso, sql } from "#platform/db/connection.ts";
import { CATALOG_TABLES, catalogVersions, readCacheVersion } from "./versions.ts";

let database: UnitDatabase;

beforeAll(async () => {
  database = await createUnitDatabase();
});
afterAll(() => database?.drop());

const version = () => readCacheVersion(database.handle.db, "catalog");

async function triggeredTables(): Promise<Set<string>> {
  const { db, dialect } = database.handle;
  const { rows } =
    dialect === "postgres"
      ? await sql<{ table: string }>`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname like 'catalog_version_%'`.execute(db)
      : await sql<{ table: string }>`select tbl_name as "table" from sqlite_master
          where type = 'trigger' and name like 'catalog_version_%'`.execute(db);
  return new Set(rows.map((row) => row.table));
}

describe("catalog cache version", () => {
  it("has a trigger on every table the cached pages show", async () => {
    expect([...(await triggeredTables())].sort()).toEqual([...CATALOG_TABLES].sort());
  });

  it("moves with every insert, update and delete of a catalog table, cascades included, and not for others", async () => {
    const db = database.handle.db;
    const now = nowIso();
    let seen = await version();
    const moved = async () => {
      const current = await version();
      const changed = current > seen;
      seen = current;
      return changed;
    };
    const course = await db
      .insertInto("courses")
      .values({
        slug: "versioned",
        title: "Versioned",
        description: "",
        status: "published",
        price_cents: 100,
        currency: "EUR",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await moved()).toBe(true);
    const section = await db
      .insertInto("course_sections")
      .values({ course_id: course.id, title: "One", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await moved()).toBe(true);
    await db.updateTable("courses").set({ title: "Renamed" }).where("id", "=", course.id).execute();
    expect(await moved()).toBe(true);

    const user = await db
      .insertInto("users")
      .values({
        email: "v@example.com",
        name: "V",
        password_hash: "x",
        role: "student",
        email_notifications: "{}",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await moved()).toBe(false);
    await db
      .insertInto("reviews")
      .values({
        course_id: course.id,
        user_id: user.id,
        first_name: "V",
        rating: 5,
        status: "approved",
        created_at: now,
      })
      .execute();
    expect(await moved()).toBe(true);

    // Deleting the user names no catalog table; its review loses its author by the foreign key's SET NULL.
    await db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await moved()).toBe(true);
    await db.deleteFrom("courses").where("id", "=", course.id).execute();
    expect(await moved()).toBe(true);
    expect(section.id).toBeGreaterThan(0);
  });

  it("moves for a purchase's promotional package only when the promotion sells out or is back", async () => {
    const db = database.handle.db;
    const now = nowIso();
    const product = await db
      .insertInto("products")
      .values({ kind: "file", title: "Promo file", currency: "EUR", promo_limit: 2, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sold = async (promoSold: number) => {
      const before = await version();
      await db.updateTable("products").set({ promo_sold: promoSold }).where("id", "=", product.id).execute();
      return (await version()) > before;
    };
    expect(await sold(1)).toBe(false);
    expect(await sold(2)).toBe(true);
    expect(await sold(1)).toBe(true);
    const before = await version();
    await db.updateTable("products").set({ title: "Renamed file" }).where("id", "=", product.id).execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it("is read again at once after a write to a catalog table in this process", async () => {
    const db = database.handle.db;
    const before = await catalogVersions.get(db, "catalog");
    expect(await catalogVersions.get(db, "catalog")).toBe(before);
    const now = nowIso();
    await db
      .insertInto("products")
      .values({ kind: "file", title: "A file", currency: "EUR", created_at: now, updated_at: now })
      .execute();
    expect(await catalogVersions.get(db, "catalog")).toBeGreaterThan(before);
  });
});
