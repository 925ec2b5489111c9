// Prepared queries (./prepared.ts) on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): compiled
// once, they answer like the built query for any parameters, and refuse a wrong number of parameters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { nowIso } from "./connection.ts";
import { prepared } from "./prepared.ts";

let database: UnitDatabase;

beforeAll(async () => {
  database = await createUnitDatabase();
  const now = nowIso();
  const user = (name: string, role: "admin" | "student") => ({
    email: `${name}@example.com`,
    name,
    password_hash: "x",
    role,
    email_notifications: "{}",
    created_at: now,
    updated_at: now,
  });
  await database.handle.db
    .insertInto("users")
    .values([user("ada", "admin"), user("bob", "student"), user("cy", "student")])
    .execute();
});
afterAll(() => database?.drop());

const byRoleAndName = prepared((db) =>
  db.selectFrom("users").select(["name"]).where("role", "=", "student").where("name", "!=", "").orderBy("name"),
);

describe("prepared queries", () => {
  it("answer with the parameters given, in SQL order, every time", async () => {
    const db = database.handle.db;
    expect(await byRoleAndName(db, ["student", "bob"])).toEqual([{ name: "cy" }]);
    expect(await byRoleAndName(db, ["admin", "bob"])).toEqual([{ name: "ada" }]);
    expect(await byRoleAndName(db, ["student", "nobody"])).toEqual([{ name: "bob" }, { name: "cy" }]);
  });

  it("run inside a transaction too", async () => {
    await database.handle.db.transaction().execute(async (trx) => {
      expect(await byRoleAndName(trx, ["admin", ""])).toEqual([{ name: "ada" }]);
    });
  });

  it("refuse a wrong number of parameters", async () => {
    await expect(byRoleAndName(database.handle.db, ["student"])).rejects.toThrow("takes 2 parameters, not 1");
  });
});
