// Migration 0040's data step: a school set up before owners existed gets its lowest admin as the owner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "../../../tests/helpers/unit-database.ts";
import { arrangeUser } from "../../../tests/helpers/gallery-fixtures.ts";
import { backfillOwner } from "./0040-team-and-audit.ts";

let database: UnitDatabase;

beforeAll(async () => {
  database = await createUnitDatabase();
});
afterAll(() => database?.drop());

describe("0040: the owner of an existing school", () => {
  it("is its lowest admin id, not a student's, and an owner already set stays", async () => {
    const db = database.handle.db;
    const now = new Date().toISOString();
    const student = { id: await arrangeUser(db, "student") };
    const first = { id: await arrangeUser(db, "admin") };
    await arrangeUser(db, "admin");
    await db
      .insertInto("school")
      .values({
        name: "Old School",
        language: "en",
        currency: "EUR",
        login_enabled: 1,
        registration_enabled: 1,
        public_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await backfillOwner(db);
    const owner = async () =>
      (await db.selectFrom("school").select("owner_user_id").executeTakeFirstOrThrow()).owner_user_id;
    expect(student.id).toBeLessThan(first.id);
    expect(await owner()).toBe(first.id);
    await db.updateTable("school").set({ owner_user_id: student.id }).execute();
    await backfillOwner(db);
    expect(await owner()).toBe(student.id);
  });
});
