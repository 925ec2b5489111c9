// Pausing a member's posting against a real database: assertMayWrite refuses a paused student with the 403 that
// says until when, lets them write again when the clock passes the end or an admin lifts it, and never stops an
// admin. The clock is the `now` argument: nothing sleeps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { addUser } from "#tests/helpers/invoice-fixtures.ts";
import { type AppError, isAppError } from "../errors.ts";
import type { Actor } from "../shared/actor.ts";
import { assertMayWrite, liftPostingPause, pausePosting } from "./posting-pause.ts";

let database: UnitDatabase;
let db: Db;
let admin: Actor;
let student: Actor;
let studentId: number;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  const adminId = await addUser(db, "owner@example.com", "Olga Owner");
  await db.updateTable("users").set({ role: "admin" }).where("id", "=", adminId).execute();
  studentId = await addUser(db, "stefan@example.com", "Stefan Student");
  admin = { kind: "admin", userId: adminId };
  student = { kind: "student", userId: studentId };
});
afterAll(() => database?.drop());

async function refusal(run: Promise<unknown>): Promise<AppError> {
  try {
    await run;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("posting pause", () => {
  it("blocks a paused student until the end, by the clock", async () => {
    const start = "2026-11-27T12:00:00.000Z";
    const { posting_paused_until } = await pausePosting(db, admin, { user_id: studentId, duration: "1" }, start);
    expect(posting_paused_until).toBe("2026-11-28T12:00:00.000Z");
    const error = await refusal(assertMayWrite(db, student, "2026-11-28T11:59:59.999Z"));
    expect(error.status).toBe(403);
    expect(error.messageKey).toBe("moderation:paused_until");
    expect(error.values).toEqual({ until: "2026-11-28 12:00 UTC" });
    await expect(assertMayWrite(db, student, "2026-11-28T12:00:00.000Z")).resolves.toBeUndefined();
  });

  it("pauses until lifted, and lifting lets the student write at once", async () => {
    await pausePosting(db, admin, { user_id: studentId, duration: "lifted" }, "2026-11-27T12:00:00.000Z");
    const error = await refusal(assertMayWrite(db, student, "2030-01-01T00:00:00.000Z"));
    expect(error.messageKey).toBe("moderation:paused_until_lifted");
    await liftPostingPause(db, admin, { user_id: studentId });
    await expect(assertMayWrite(db, student)).resolves.toBeUndefined();
  });

  it("never pauses an admin, and only admins pause", async () => {
    const adminId = (admin as { userId: number }).userId;
    expect((await refusal(pausePosting(db, admin, { user_id: adminId, duration: "7" }))).status).toBe(403);
    await db
      .updateTable("users")
      .set({ posting_paused_until: "2999-01-01T00:00:00.000Z" })
      .where("id", "=", adminId)
      .execute();
    await expect(assertMayWrite(db, admin)).resolves.toBeUndefined();
    expect((await refusal(pausePosting(db, student, { user_id: studentId, duration: "7" }))).status).toBe(403);
    expect((await refusal(pausePosting(db, { kind: "visitor" }, { user_id: studentId, duration: "7" }))).status).toBe(
      401,
    );
    expect((await refusal(pausePosting(db, admin, { user_id: 999_999, duration: "7" }))).status).toBe(404);
    expect((await refusal(pausePosting(db, admin, { user_id: studentId, duration: "3" }))).status).toBe(422);
  });
});
