// The cache primitive (./cache.ts) on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// a value is loaded once, and a committed write to a watched table, an overlapping write, or age makes the
// next read load again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import { defineCache, listCaches } from "./cache.ts";

let database: UnitDatabase;

let userId: number;
let declared = 0;
/** A name no other cache of this file has. */
const nextName = () => `test-${++declared}`;

beforeAll(async () => {
  database = await createUnitDatabase();
  const now = nowIso();
  const row = await database.handle.db
    .insertInto("users")
    .values({
      email: "wanda@example.com",
      name: "Wanda",
      password_hash: "x",
      role: "student",
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  userId = row.id;
});
afterAll(() => database?.drop());

function userNameCache(maxAgeMs = 60_000, now?: () => number) {
  let loads = 0;
  const cache = defineCache<number, string | undefined>({
    name: nextName(),
    tables: ["users"],
    maxAgeMs,
    maxEntries: 10,
    now,
    load: async (db: Db) => {
      loads++;
      return (await db.selectFrom("users").select("name").where("id", "=", userId).executeTakeFirst())?.name;
    },
  });
  return { cache, loads: () => loads };
}

async function rename(db: Db, name: string) {
  await db.updateTable("users").set({ name }).where("id", "=", userId).execute();
}

describe("cache", () => {
  it("loads once, then answers from memory until the watched table is written", async () => {
    const db = database.handle.db;
    await rename(db, "First");
    const { cache, loads } = userNameCache();
    expect(await cache.get(db, 1)).toBe("First");
    expect(await cache.get(db, 1)).toBe("First");
    expect(loads()).toBe(1);

    await rename(db, "Second");
    expect(await cache.get(db, 1)).toBe("Second");
    expect(loads()).toBe(2);
  });

  it("does not keep a value loaded while a watched write was under way", async () => {
    const db = database.handle.db;
    await rename(db, "Before");
    let loads = 0;
    const cache = defineCache<number, string | undefined>({
      name: nextName(),
      tables: ["users"],
      maxAgeMs: 60_000,
      maxEntries: 10,
      load: async (loadDb) => {
        loads++;
        const name = (await loadDb.selectFrom("users").select("name").where("id", "=", userId).executeTakeFirst())
          ?.name;
        // Another request renames the user after this load read the row and before it returns.
        if (loads === 1) await rename(loadDb, "After");
        return name;
      },
    });
    expect(await cache.get(db, 1)).toBe("Before");
    expect(await cache.get(db, 1)).toBe("After");
    expect(await cache.get(db, 1)).toBe("After");
    expect(loads).toBe(2);
  });

  it("loads again once an entry is older than maxAgeMs (writes by other processes)", async () => {
    const db = database.handle.db;
    let clock = 1_000_000;
    const { cache, loads } = userNameCache(1_000, () => clock);
    await cache.get(db, 1);
    clock = 1_000_999;
    await cache.get(db, 1);
    expect(loads()).toBe(1);
    clock = 1_001_000;
    await cache.get(db, 1);
    expect(loads()).toBe(2);
  });

  it("never caches for a database it cannot watch (a transaction)", async () => {
    const db = database.handle.db;
    const { cache, loads } = userNameCache();
    await db.transaction().execute(async (trx) => {
      await cache.get(trx, 1);
      await cache.get(trx, 1);
    });
    expect(loads()).toBe(2);
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const db = database.handle.db;
    let loads = 0;
    const cache = defineCache<number, number>({
      name: nextName(),
      tables: ["users"],
      maxAgeMs: 60_000,
      maxEntries: 2,
      load: async (_db, key) => {
        loads++;
        return key * 10;
      },
    });
    await cache.get(db, 1);
    await cache.get(db, 2);
    await cache.get(db, 3);
    expect(loads).toBe(3);
    await cache.get(db, 3);
    await cache.get(db, 2);
    expect(loads).toBe(3);
    await cache.get(db, 1);
    expect(loads).toBe(4);
  });

  it("uses a value no longer than its own validUntil", async () => {
    const db = database.handle.db;
    let clock = 5_000;
    let loads = 0;
    const cache = defineCache<number, { until: number }>({
      name: nextName(),
      tables: ["users"],
      maxAgeMs: 60_000,
      maxEntries: 10,
      now: () => clock,
      validUntil: (value) => value.until,
      load: async () => {
        loads++;
        return { until: 5_100 };
      },
    });
    await cache.get(db, 1);
    clock = 5_099;
    expect(cache.peek(db, 1)).toEqual({ until: 5_100 });
    clock = 5_100;
    expect(cache.peek(db, 1)).toBeUndefined();
    await cache.get(db, 1);
    expect(loads).toBe(2);
  });

  it("lists every declared cache with its entries, hits and misses on a database", async () => {
    const db = database.handle.db;
    const name = nextName();
    const cache = defineCache<number, number>({
      name,
      tables: ["users", "sessions"],
      maxAgeMs: 1_500,
      maxEntries: 7,
      load: async (_db, key) => key,
    });
    expect(listCaches(db).find((report) => report.name === name)).toEqual({
      name,
      tables: ["users", "sessions"],
      maxAgeMs: 1_500,
      maxEntries: 7,
      entries: 0,
      hits: 0,
      misses: 0,
    });
    await cache.get(db, 1);
    await cache.get(db, 1);
    await cache.get(db, 2);
    expect(cache.peek(db, 3)).toBeUndefined();
    expect(listCaches(db).find((report) => report.name === name)).toMatchObject({ entries: 2, hits: 1, misses: 3 });
    expect(() => defineCache({ name, tables: [], maxAgeMs: 1, maxEntries: 1 })).toThrow(/already declared/);
  });
});
