import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "#core/shared/actor.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { CourseStatus, LectureAccess, LectureStatus } from "#platform/db/schema.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { grantCourseAccess } from "./course-access.ts";
import { getWatchView, parseComponent } from "./get-watch-view.ts";
import { listMyCourses } from "./list-my-courses.ts";
import { recordLectureView } from "./record-lecture-view.ts";
import { toggleLectureComplete } from "./toggle-lecture-complete.ts";

let database: UnitDatabase;
let db: Db;
let courseId: number;
const lectures: Record<string, number> = {};
let studentId: number;
let adminId: number;

async function addUser(email: string, role: "admin" | "student") {
  const now = nowIso();
  const row = await db
    .insertInto("users")
    .values({
      email,
      name: email,
      password_hash: "x",
      role,
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addCourse(
  slug: string,
  status: CourseStatus,
  sections: [string, [string, LectureAccess, LectureStatus][]][],
) {
  const now = nowIso();
  const course = await db
    .insertInto("courses")
    .values({
      slug,
      title: slug,
      description: "",
      status,
      price_cents: 1000,
      currency: "EUR",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // positions in reverse insertion order prove that order comes from position, not id
  for (const [index, [title, list]] of sections.entries()) {
    const section = await db
      .insertInto("course_sections")
      .values({ course_id: course.id, title, position: index })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [position, [name, access, lectureStatus]] of list.entries()) {
      const row = await db
        .insertInto("lectures")
        .values({
          section_id: section.id,
          title: name,
          duration_minutes: 10,
          access,
          status: lectureStatus,
          position,
          body: "",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      lectures[name] = row.id;
    }
  }
  return course.id;
}

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  studentId = await addUser("s@example.com", "student");
  adminId = await addUser("a@example.com", "admin");
  courseId = await addCourse("course", "published", [
    [
      "One",
      [
        ["free", "free", "published"],
        ["login", "login", "published"],
        ["draft", "paid", "draft"],
      ],
    ],
    ["Empty", []],
    [
      "Two",
      [
        ["paid", "paid", "published"],
        ["paid2", "paid", "published"],
      ],
    ],
  ]);
  await addCourse("hidden", "draft", [["S", [["hidden-lecture", "free", "published"]]]]);
  const now = nowIso();
  await db
    .insertInto("lecture_components")
    .values([
      {
        lecture_id: lectures.free!,
        kind: "quiz",
        position: 2,
        data: JSON.stringify({ questions: [{ question: "Q", answers: ["a", "b"], correct: [1] }] }),
        created_at: now,
        updated_at: now,
      },
      {
        lecture_id: lectures.free!,
        kind: "markdown",
        position: 1,
        data: JSON.stringify({ markdown: "# Hi" }),
        created_at: now,
        updated_at: now,
      },
      { lecture_id: lectures.free!, kind: "embed", position: 3, data: "not json", created_at: now, updated_at: now },
      {
        lecture_id: lectures.paid!,
        kind: "markdown",
        position: 1,
        data: JSON.stringify({ markdown: "secret" }),
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
});
afterAll(() => database?.drop());

const student = () => ({ id: studentId, role: "student" as const });
const admin = () => ({ id: adminId, role: "admin" as const });

describe("getWatchView", () => {
  it("lists published lectures in order, without empty sections, and the components in their order", async () => {
    const view = await getWatchView(db, {
      slug: "course",
      lectureId: lectures.free!,
      user: null,
      previewAsStudent: false,
    });
    expect(view!.sections.map((s) => [s.title, s.lectures.map((l) => l.title)])).toEqual([
      ["One", ["free", "login"]],
      ["Two", ["paid", "paid2"]],
    ]);
    expect(view!.sections.flatMap((s) => s.lectures.map((l) => l.gate))).toEqual(["allowed", "login", "buy", "buy"]);
    // a broken component is left out; the rest keep their positions
    expect(view!.current!.components.map((c) => c.kind)).toEqual(["markdown", "quiz"]);
    expect(view!.current!.next).toEqual({ id: lectures.login, title: "login" });
    expect(view!.progress).toBeNull();
  });

  it("never hands out the content of a lecture the viewer may not open", async () => {
    const view = await getWatchView(db, {
      slug: "course",
      lectureId: lectures.paid!,
      user: student(),
      previewAsStudent: false,
    });
    expect(view!.current!.lecture.gate).toBe("buy");
    expect(view!.current!.components).toEqual([]);
  });

  it("shows drafts to an admin, also in a preview, where paid lectures are closed", async () => {
    const asAdmin = await getWatchView(db, {
      slug: "course",
      lectureId: lectures.paid!,
      user: admin(),
      previewAsStudent: false,
    });
    expect(asAdmin!.sections[0]!.lectures.map((l) => l.title)).toEqual(["free", "login", "draft"]);
    expect(asAdmin!.current!.components.map((c) => c.kind)).toEqual(["markdown"]);
    const preview = await getWatchView(db, {
      slug: "course",
      lectureId: lectures.paid!,
      user: admin(),
      previewAsStudent: true,
    });
    expect(preview!.viewer.preview).toBe(true);
    expect(preview!.sections[0]!.lectures.map((l) => [l.title, l.gate])).toEqual([
      ["free", "allowed"],
      ["login", "allowed"],
      ["draft", "buy"],
    ]);
    expect(preview!.current!.lecture.gate).toBe("buy");
    expect(preview!.current!.components).toEqual([]);
    expect(
      await getWatchView(db, { slug: "hidden", lectureId: null, user: admin(), previewAsStudent: true }),
    ).not.toBeNull();
  });

  it("hides a draft course from everyone but admins", async () => {
    expect(
      await getWatchView(db, { slug: "hidden", lectureId: null, user: student(), previewAsStudent: false }),
    ).toBeNull();
    expect(await getWatchView(db, { slug: "nope", lectureId: null, user: null, previewAsStudent: false })).toBeNull();
  });

  it("counts progress over published lectures and resumes where the student left off", async () => {
    await grantCourseAccess(db, { userId: studentId, courseId, endsAt: null, source: "admin", grantedBy: null });
    const first = await getWatchView(db, { slug: "course", lectureId: null, user: student(), previewAsStudent: false });
    expect(first!.entry).toEqual({ kind: "lecture", lectureId: lectures.free });
    expect(
      await toggleLectureComplete(db, { kind: "student", userId: studentId }, { lectureId: lectures.free! }),
    ).toEqual({
      completed: true,
      progress: 25,
    });
    await recordLectureView(db, { kind: "student", userId: studentId }, { lectureId: lectures.paid! });
    const view = await getWatchView(db, {
      slug: "course",
      lectureId: lectures.paid!,
      user: student(),
      previewAsStudent: false,
    });
    expect(view!.progress).toEqual({ completed: 1, total: 4, percent: 25 });
    expect(view!.resumeLectureId).toBe(lectures.paid);
    expect(view!.sections[0]!.lectures[0]!.completed).toBe(true);
    expect(await listMyCourses(db, { kind: "student", userId: studentId })).toEqual([
      { id: courseId, slug: "course", title: "course", percent: 25, resumeLectureId: lectures.paid },
    ]);
    // The learning policy answers first: a visitor has no courses to list and is asked to log in.
    await expect(listMyCourses(db, visitor)).rejects.toMatchObject({ code: "unauthenticated" });
  });
});

describe("parseComponent", () => {
  it("keeps components whose data fits their kind, drops the rest", () => {
    expect(parseComponent({ id: 1, kind: "markdown", data: '{"markdown":"x"}' })).toEqual({
      id: 1,
      kind: "markdown",
      data: { markdown: "x" },
    });
    expect(parseComponent({ id: 1, kind: "markdown", data: '{"md":"x"}' })).toBeNull();
    expect(parseComponent({ id: 1, kind: "unknown", data: "{}" })).toBeNull();
  });
});
