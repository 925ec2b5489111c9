// The payment adapters are kept per provider and settings version on the one cache primitive (server/payments.ts):
// the same adapter while nothing changes (it keeps its OAuth token), a new one as soon as the integration's
// settings change, whether the change is made through this process (its write watcher empties the cache) or
// through another one (a second connection here: its writes are not watched, the settings' version moves).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSettings } from "#core/integrations/integration-records.ts";
import { listCaches } from "#platform/cache/cache.ts";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { externalProviders } from "./payments.ts";

let database: UnitDatabase;
let db: Db;
let other: Db;
const secret = randomBytes(32);
const settings = { secret_key: "sk_test_secret-value-1", webhook_secret: "whsec_secret-value-2" };

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  other = database.connect().db;
  const now = new Date().toISOString();
  await db
    .insertInto("integrations")
    .values({
      kind: "payment",
      provider: "stripe",
      enabled: 1,
      settings: sealSettings(secret, "stripe", settings),
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(() => database?.drop());

async function changeSettings(through: Db, values: Record<string, string>, updatedAt: string) {
  await through
    .updateTable("integrations")
    .set({ settings: sealSettings(secret, "stripe", values), updated_at: updatedAt })
    .where("provider", "=", "stripe")
    .execute();
}

describe("externalProviders", () => {
  it("keeps one adapter per settings version, on the declared cache", async () => {
    const providers = externalProviders(db, secret, {});
    const first = await providers("stripe");
    expect(first).not.toBeNull();
    expect(await providers("stripe")).toBe(first);
    expect(await providers("tpay")).toBeNull(); // no such integration
    const report = listCaches(db).find((cache) => cache.name === "payment-adapters");
    expect(report).toMatchObject({ tables: ["integrations"], entries: 1 });
    expect(report!.hits).toBeGreaterThanOrEqual(1);
  });

  it("builds a new adapter after a settings change through this process, even within the same version", async () => {
    const providers = externalProviders(db, secret, {});
    const before = await providers("stripe");
    const { updated_at } = await db
      .selectFrom("integrations")
      .select("updated_at")
      .where("provider", "=", "stripe")
      .executeTakeFirstOrThrow();
    // The same updated_at: only the write watcher can tell that the settings changed.
    await changeSettings(db, { ...settings, secret_key: "sk_test_secret-value-3" }, updated_at);
    const after = await providers("stripe");
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it("sees a change made by another process at its next call (the settings' version moved)", async () => {
    const here = externalProviders(db, secret, {});
    const there = externalProviders(other, secret, {});
    const keptHere = await here("stripe");
    const keptThere = await there("stripe");
    expect(await there("stripe")).toBe(keptThere);
    // Through the other connection: this process's write watcher does not see it.
    await changeSettings(
      other,
      { ...settings, secret_key: "sk_test_secret-value-4" },
      new Date(Date.now() + 1000).toISOString(),
    );
    const now = await here("stripe");
    expect(now).not.toBeNull();
    expect(now).not.toBe(keptHere);
    expect(await here("stripe")).toBe(now);
    expect(await there("stripe")).not.toBe(keptThere);
    // An integration removed by the other process: no adapter at the next call.
    await other.deleteFrom("integrations").where("provider", "=", "stripe").execute();
    expect(await here("stripe")).toBeNull();
  });
});
