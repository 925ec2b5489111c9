import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus, LectureAccess, LectureStatus } from "#platform/db/schema.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { listPublishedCourses } from "./list-published-courses.ts";

let database: UnitDatabase;
let db: Db;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await db.deleteFrom("courses").execute();
});

async function addCourse(
  slug: string,
  options: {
    status?: CourseStatus;
    createdAt: string;
    sections?: { minutes: number; status?: LectureStatus; access?: LectureAccess }[][];
  },
) {
  const { id } = await db
    .insertInto("courses")
    .values({
      slug,
      title: `Course ${slug}`,
      description: `About ${slug}`,
      status: options.status ?? "published",
      price_cents: 4900,
      currency: "EUR",
      created_at: options.createdAt,
      updated_at: options.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, lectures] of (options.sections ?? []).entries()) {
    const section = await db
      .insertInto("course_sections")
      .values({ course_id: id, title: `Section ${position}`, position })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [index, lecture] of lectures.entries()) {
      await db
        .insertInto("lectures")
        .values({
          section_id: section.id,
          title: `Lecture ${index}`,
          duration_minutes: lecture.minutes,
          access: lecture.access ?? "paid",
          status: lecture.status ?? "published",
          position: index,
          body: "",
        })
        .execute();
    }
  }
  return id;
}

describe("listPublishedCourses", () => {
  it("lists only published courses, newest first", async () => {
    await addCourse("old", { createdAt: "2026-01-01T10:00:00.000Z" });
    await addCourse("new", { createdAt: "2026-03-01T10:00:00.000Z" });
    await addCourse("middle", { createdAt: "2026-02-01T10:00:00.000Z" });
    await addCourse("draft", { status: "draft", createdAt: "2026-04-01T10:00:00.000Z" });
    await addCourse("hidden", { status: "unpublished", createdAt: "2026-04-02T10:00:00.000Z" });
    const courses = await listPublishedCourses(db);
    expect(courses.map((c) => c.slug)).toEqual(["new", "middle", "old"]);
  });

  it("counts sections and published lectures and adds up their minutes", async () => {
    await addCourse("full", {
      createdAt: "2026-01-01T10:00:00.000Z",
      sections: [
        [{ minutes: 5, access: "free" }, { minutes: 75 }],
        [
          { minutes: 40, access: "login" },
          { minutes: 500, status: "draft" },
        ],
        [],
      ],
    });
    await addCourse("empty", { createdAt: "2026-01-02T10:00:00.000Z" });
    const [empty, full] = await listPublishedCourses(db);
    expect(full).toMatchObject({
      slug: "full",
      section_count: 3,
      lecture_count: 3,
      total_minutes: 120,
      price_cents: 4900,
      currency: "EUR",
    });
    // Counts are plain numbers on both engines, and zero (not null) for a course without lectures.
    expect(empty).toMatchObject({ slug: "empty", section_count: 0, lecture_count: 0, total_minutes: 0 });
    expect(typeof full!.total_minutes).toBe("number");
  });

  it("removes a course's sections and lectures with it", async () => {
    const id = await addCourse("gone", { createdAt: "2026-01-01T10:00:00.000Z", sections: [[{ minutes: 10 }]] });
    await db.deleteFrom("courses").where("id", "=", id).execute();
    expect(await db.selectFrom("course_sections").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("lectures").selectAll().execute()).toEqual([]);
  });
});
