import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { listPublishedCourses } from "../catalog/list-published-courses.ts";
import { addSampleContent, SAMPLE_STUDENT_EMAIL } from "./sample-content.ts";

let database: UnitDatabase;
let db: Db;
let firstPassword = "";

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());

describe("addSampleContent", () => {
  it("adds a published course in the school's language and currency, and a student with a random password", async () => {
    await db.deleteFrom("courses").execute();
    await db.deleteFrom("users").execute();
    const english = await addSampleContent(db, { language: "en", currency: "GBP" });
    const [course] = await listPublishedCourses(db);
    expect(course).toMatchObject({
      title: "Digital Photography Basics",
      currency: "GBP",
      price_cents: 19900,
      section_count: 2,
    });
    expect(course!.lecture_count).toBeGreaterThanOrEqual(5);
    expect(english.course).toMatchObject({ title: course!.title, sections: 2, lectures: course!.lecture_count });

    const student = await db
      .selectFrom("users")
      .where("email", "=", english.student.email)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(student.role).toBe("student");
    expect(student.email).toBe(SAMPLE_STUDENT_EMAIL);
    expect(await verifyPassword(english.student.password, student.password_hash)).toBe(true);
    firstPassword = english.student.password;
  });

  it("writes Polish texts for a Polish school, with a new password and a free e-mail address", async () => {
    await db.deleteFrom("courses").execute();
    const polish = await addSampleContent(db, { language: "pl", currency: "PLN" });
    const [course] = await listPublishedCourses(db);
    expect(course).toMatchObject({
      title: "Podstawy fotografii cyfrowej",
      slug: "podstawy-fotografii-cyfrowej",
      currency: "PLN",
    });
    expect(polish.student.name).toBe("Zofia Kursantka");
    // The first sample student still exists: the second gets another address, and another password.
    expect(polish.student.email).not.toBe(SAMPLE_STUDENT_EMAIL);
    expect(polish.student.email).toMatch(/@example\.com$/);
    expect(polish.student.password).not.toBe(firstPassword);
    expect(polish.student.password.length).toBeGreaterThanOrEqual(12);
  });
});
