// The watched cache (./watched-cache.ts) on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// a value is loaded once, and a committed write to a watched table, an overlapping write, or age makes the
// next read load again.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { type Db, nowIso } from "./connection.ts";
import { watchedCache } from "./watched-cache.ts";

let database: UnitDatabase;

let userId: number;

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

function userNameCache(maxAgeMs = 60_000) {
  let loads = 0;
  const cache = watchedCache<number, string | undefined>({
    tables: ["users"],
    maxAgeMs,
    maxEntries: 10,
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

describe("watched cache", () => {
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
    const cache = watchedCache<number, string | undefined>({
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
    const { cache, loads } = userNameCache(1_000);
    const now = vi.spyOn(Date, "now");
    try {
      now.mockReturnValue(1_000_000);
      await cache.get(db, 1);
      now.mockReturnValue(1_000_999);
      await cache.get(db, 1);
      expect(loads()).toBe(1);
      now.mockReturnValue(1_001_000);
      await cache.get(db, 1);
      expect(loads()).toBe(2);
    } finally {
      now.mockRestore();
    }
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
});
