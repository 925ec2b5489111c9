// Prepared queries (./prepared.ts) on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): compiled
// once, they answer like the built query for any named parameters, keep the query's other values fixed, and
// refuse a missing parameter.
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

const byRoleAndName = prepared((db, p: { role: "admin" | "student"; name: string }) =>
  db.selectFrom("users").select(["name"]).where("name", "!=", p.name).where("role", "=", p.role).orderBy("name"),
);
const studentsBut = prepared((db, p: { name: string }) =>
  db.selectFrom("users").select(["name"]).where("role", "=", "student").where("name", "!=", p.name).orderBy("name"),
);

describe("prepared queries", () => {
  it("answer with the parameters given, in SQL order, every time", async () => {
    const db = database.handle.db;
    expect(await byRoleAndName(db, { role: "student", name: "bob" })).toEqual([{ name: "cy" }]);
    expect(await byRoleAndName(db, { name: "bob", role: "admin" })).toEqual([{ name: "ada" }]);
    expect(await byRoleAndName(db, { role: "student", name: "nobody" })).toEqual([{ name: "bob" }, { name: "cy" }]);
  });

  it("keep the values the query fixes", async () => {
    expect(await studentsBut(database.handle.db, { name: "cy" })).toEqual([{ name: "bob" }]);
  });

  it("run inside a transaction too", async () => {
    await database.handle.db.transaction().execute(async (trx) => {
      expect(await byRoleAndName(trx, { role: "admin", name: "" })).toEqual([{ name: "ada" }]);
    });
  });

  it("refuse a missing parameter", async () => {
    await expect(byRoleAndName(database.handle.db, { role: "student" } as never)).rejects.toThrow(
      "needs the parameter name",
    );
  });
});
