// The limiter store: counts held in the database, shared by every process (a second connection stands in for a
// second process), and on SQLite the upsert prepared once rather than on every request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { createLimiter, sqliteUpsertOverridden } from "./rate-limit.ts";

let database: UnitDatabase;
beforeAll(async () => {
  database = await createUnitDatabase();
});
afterAll(() => database?.drop());

describe("createLimiter", () => {
  it("refuses past its points, with the time left in the window, and the count is shared across processes", async () => {
    const options = { keyPrefix: "unit_shared", points: 3, duration: 60 };
    const first = await createLimiter(database.handle, options);
    const second = await createLimiter(database.connect(), options);
    await first.consume("ip:10.0.0.1");
    await second.consume("ip:10.0.0.1");
    await first.consume("ip:10.0.0.1");
    const refused = await second.consume("ip:10.0.0.1").then(
      () => undefined,
      (rejection: { msBeforeNext: number }) => rejection,
    );
    expect(refused?.msBeforeNext).toBeGreaterThan(0);
    expect(refused?.msBeforeNext).toBeLessThanOrEqual(60_000);
    // Another key has its own count.
    await expect(second.consume("ip:10.0.0.2")).resolves.toMatchObject({ consumedPoints: 1 });
  });

  it("refuses a key past its limit from memory once it is blocked (no database write)", async () => {
    const limiter = await createLimiter(database.handle, {
      keyPrefix: "unit_memory",
      points: 1,
      duration: 60,
      inMemoryBlockOnConsumed: 1,
    });
    await limiter.consume("user:1");
    const rows = () =>
      database.handle.db
        .selectFrom("rate_limits" as never)
        .select("points" as never)
        .where("key" as never, "=", "unit_memory:user:1" as never)
        .executeTakeFirstOrThrow() as Promise<{ points: number }>;
    await expect(limiter.consume("user:1")).rejects.toMatchObject({ msBeforeNext: expect.any(Number) });
    expect(Number((await rows()).points)).toBe(1);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)("prepares the SQLite upsert once, not on every consume", async () => {
    expect(sqliteUpsertOverridden).toBe(true);
    const { driver } = database.handle;
    if (driver.kind !== "sqlite") throw new Error("SQLite only");
    const limiter = await createLimiter(database.handle, { keyPrefix: "unit_prepared", points: 100, duration: 60 });
    await limiter.consume("user:1");
    const prepare = driver.client.prepare.bind(driver.client);
    let prepared = 0;
    driver.client.prepare = ((sql: string) => {
      prepared += 1;
      return prepare(sql);
    }) as typeof driver.client.prepare;
    try {
      for (let i = 0; i < 5; i++) await limiter.consume("user:1");
    } finally {
      driver.client.prepare = prepare;
    }
    expect(prepared).toBe(0);
    await expect(limiter.consume("user:1")).resolves.toMatchObject({ consumedPoints: 7 });
  });
});
