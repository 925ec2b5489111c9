// The health check asks the database: ok while it answers, unavailable when it does not (nothing listening).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { checkHealth } from "./check-health.ts";

let database: UnitDatabase;
beforeAll(async () => {
  database = await createUnitDatabase();
});
afterAll(() => database?.drop());

describe("checkHealth", () => {
  it("is ok while the database answers, unavailable when it does not", async () => {
    expect(await checkHealth(database.handle.db)).toEqual({ status: "ok", database: "ok" });
    // Port 1 on this machine: no database there, the connection is refused.
    const gone = openDatabase({ kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" });
    try {
      expect(await checkHealth(gone.db)).toEqual({ status: "unavailable", database: "unreachable" });
    } finally {
      await gone.close();
    }
  });
});
