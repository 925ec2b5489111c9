// The §4 rule against a real database, with the clock as the use-cases' `now` argument (nothing sleeps): a
// student-area survey is due until answered; a postponement hides it for exactly 24 h on that clock; another
// student is not affected; an answered survey is never due again, and the oldest due survey comes first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { addUser } from "#tests/helpers/invoice-fixtures.ts";
import type { Actor } from "../shared/actor.ts";
import { createSurvey } from "./create-survey.ts";
import { findDueSurvey } from "./find-due-survey.ts";
import { postponeSurvey } from "./postpone-survey.ts";
import { submitSurvey } from "./submit-survey.ts";

let database: UnitDatabase;
let db: Db;
let admin: Actor;
let student: Actor;
let other: Actor;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  const adminId = await addUser(db, "owner@example.com", "Olga Owner");
  await db.updateTable("users").set({ role: "admin" }).where("id", "=", adminId).execute();
  admin = { kind: "admin", userId: adminId };
  student = { kind: "student", userId: await addUser(db, "stefan@example.com", "Stefan Student") };
  other = { kind: "student", userId: await addUser(db, "olga@example.com", "Olga Other") };
});
afterAll(() => database?.drop());

const area = { area: "student" } as const;
const survey = (title: string) => ({
  title,
  placement: "student_area",
  questions: [{ type: "text", title: "Anything to add?" }],
});

describe("findDueSurvey with a moved clock", () => {
  it("hides a postponed survey for 24 h on the clock, then shows it; answered, never again", async () => {
    const first = await createSurvey(db, admin, survey("First"));
    const second = await createSurvey(db, admin, survey("Second"));
    const t0 = "2026-11-27T10:00:00.000Z";
    expect((await findDueSurvey(db, student, area, t0))?.id).toBe(first.id);

    await postponeSurvey(db, student, String(first.id), t0);
    // While the first is postponed, the next due one shows.
    expect((await findDueSurvey(db, student, area, "2026-11-27T10:00:01.000Z"))?.id).toBe(second.id);
    await postponeSurvey(db, student, String(second.id), t0);
    expect(await findDueSurvey(db, student, area, "2026-11-28T09:59:59.999Z")).toBeNull();
    expect((await findDueSurvey(db, other, area, "2026-11-27T10:00:01.000Z"))?.id).toBe(first.id);
    expect((await findDueSurvey(db, student, area, "2026-11-28T10:00:00.000Z"))?.id).toBe(first.id);

    await submitSurvey(db, student, { survey_id: first.id, response: {} }, "2026-11-28T10:00:05.000Z");
    expect((await findDueSurvey(db, student, area, "2026-11-28T10:00:06.000Z"))?.id).toBe(second.id);
    expect((await findDueSurvey(db, student, area, "2030-01-01T00:00:00.000Z"))?.id).toBe(second.id);
    await submitSurvey(db, student, { survey_id: second.id, response: {} }, "2030-01-01T00:00:00.000Z");
    expect(await findDueSurvey(db, student, area, "2031-01-01T00:00:00.000Z")).toBeNull();
  });

  it("is never due for an admin or a visitor", async () => {
    expect(await findDueSurvey(db, admin, area)).toBeNull();
    expect(await findDueSurvey(db, { kind: "visitor" }, area)).toBeNull();
  });
});
