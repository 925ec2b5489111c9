import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "#core/shared/actor.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { listMyTeamPurchases } from "./list-my-team-purchases.ts";

let database: UnitDatabase;

beforeAll(async () => {
  database = await createUnitDatabase();
});
afterAll(() => database?.drop());

describe("listMyTeamPurchases", () => {
  it("asks the access manager's policy: a visitor is asked to log in, a buyer without team purchases has none", async () => {
    const db = database.handle.db;
    await expect(listMyTeamPurchases(db, visitor)).rejects.toMatchObject({ code: "unauthenticated" });
    expect(await listMyTeamPurchases(db, { kind: "student", userId: 123 })).toEqual([]);
  });
});
