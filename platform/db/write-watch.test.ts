// The write watcher (./write-watch.ts) on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): a
// watched table's listeners run once a write to it is committed, never for reads or other tables.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { nowIso, sql, writeWatcherOf } from "./connection.ts";
import type { WriteWatcher } from "./write-watch.ts";

let database: UnitDatabase;
let watcher: WriteWatcher;
let writes: string[] = [];

beforeAll(async () => {
  database = await createUnitDatabase();
  watcher = writeWatcherOf(database.handle.db)!;
  watcher.watch("users", () => writes.push("users"));
});
afterAll(() => database?.drop());
beforeEach(() => {
  writes = [];
});

function newUser(email: string) {
  const now = nowIso();
  return {
    email,
    name: "Wanda",
    password_hash: "x",
    role: "student" as const,
    email_notifications: "{}",
    created_at: now,
    updated_at: now,
  };
}

describe("write watcher", () => {
  it("exists for a database from openDatabase, not for a transaction", async () => {
    expect(watcher).toBeDefined();
    await database.handle.db.transaction().execute(async (trx) => {
      expect(writeWatcherOf(trx)).toBeUndefined();
    });
  });

  it("tells after an insert, an update and a delete on the watched table", async () => {
    const db = database.handle.db;
    await db.insertInto("users").values(newUser("a@example.com")).execute();
    expect(writes).toEqual(["users"]);
    await db.updateTable("users").set({ name: "Wendy" }).where("email", "=", "a@example.com").execute();
    expect(writes).toEqual(["users", "users"]);
    await db.deleteFrom("users").where("email", "=", "a@example.com").execute();
    expect(writes).toEqual(["users", "users", "users"]);
  });

  it("says nothing for reads or for writes to other tables", async () => {
    const db = database.handle.db;
    await db.selectFrom("users").selectAll().execute();
    await db.updateTable("school").set({ name: "Renamed" }).execute();
    expect(writes).toEqual([]);
  });

  it("tells a watch added later about a statement it has seen before", async () => {
    const db = database.handle.db;
    const rename = () => db.updateTable("school").set({ name: "Again" }).execute();
    await rename();
    const school: string[] = [];
    watcher.watch("school", () => school.push("school"));
    await rename();
    expect(school).toEqual(["school"]);
    expect(writes).toEqual([]);
  });

  it("tells about raw SQL that writes the table", async () => {
    await sql`DELETE FROM users WHERE email = ${"nobody@example.com"}`.execute(database.handle.db);
    expect(writes).toEqual(["users"]);
  });

  it("inside a transaction, tells only once it has committed (or rolled back), and is unsettled until then", async () => {
    const db = database.handle.db;
    const before = watcher.generation();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values(newUser("b@example.com")).execute();
      await trx.updateTable("users").set({ name: "Bea" }).where("email", "=", "b@example.com").execute();
      expect(writes).toEqual([]);
      expect(watcher.settledSince(before)).toBe(false);
    });
    expect(writes).toEqual(["users"]);
    expect(watcher.settledSince(before)).toBe(false);

    const after = watcher.generation();
    expect(watcher.settledSince(after)).toBe(true);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom("users").where("email", "=", "b@example.com").execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(writes).toEqual(["users", "users"]);
    expect(watcher.settledSince(after)).toBe(false);
  });

  it("reads a delete of a parent row as a write to the tables its foreign keys cascade to", async () => {
    const db = database.handle.db;
    const lectures: string[] = [];
    watcher.watch("lectures", () => lectures.push("lectures"));
    const now = nowIso();
    const course = await db
      .insertInto("courses")
      .values({
        title: "Cascade",
        slug: "cascade",
        description: "",
        status: "draft",
        price_cents: 0,
        currency: "PLN",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("courses").set({ title: "Renamed" }).where("id", "=", course.id).execute();
    expect(lectures).toEqual([]);
    // courses -> course_sections -> lectures: the statement names neither.
    await db.deleteFrom("courses").where("id", "=", course.id).execute();
    expect(lectures).toEqual(["lectures"]);
  });
});
