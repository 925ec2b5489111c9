import { actorOf, visitor } from "#core/shared/actor.ts";
import { actors } from "#core/shared/test-actors.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "#core/errors.ts";
import { grantCourseAccess } from "#core/learning/course-access.ts";
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus, ReviewStatus } from "#platform/db/schema.ts";
import { readCacheVersion } from "#platform/cache/versions.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { listApprovedReviews, summariseApprovedReviews } from "./list-approved-reviews.ts";
import { listReviewsForAdmin } from "./list-reviews-for-admin.ts";
import { setReviewStatus } from "./moderate-review.ts";
import { ratingKind } from "./rating.ts";
import { findOwnReview, firstNameOf, storeReview } from "./store-review.ts";

let database: UnitDatabase;
let db: Db;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await db.deleteFrom("reviews").execute();
  await db.deleteFrom("course_access").execute();
  await db.deleteFrom("courses").execute();
  await db.deleteFrom("users").execute();
});

const now = () => new Date().toISOString();

async function addCourse(slug: string, status: CourseStatus = "published") {
  const { id } = await db
    .insertInto("courses")
    .values({
      slug,
      title: slug,
      description: "",
      status,
      price_cents: 100,
      currency: "EUR",
      created_at: now(),
      updated_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function addUser(email: string, role: "admin" | "student" = "student", name = "Anna Maria Nowak") {
  return db
    .insertInto("users")
    .values({ email, name, password_hash: "x", role, email_notifications: "{}", created_at: now(), updated_at: now() })
    .returning(["id", "role", "name"])
    .executeTakeFirstOrThrow();
}

async function addReviews(courseId: number, specs: { status: ReviewStatus; minute: number; rating?: number }[]) {
  for (const spec of specs) {
    await db
      .insertInto("reviews")
      .values({
        course_id: courseId,
        user_id: null,
        first_name: `Reviewer${spec.minute}`,
        rating: spec.rating ?? 10,
        title: `Title ${spec.minute}`,
        body: `Body ${spec.minute}`,
        status: spec.status,
        created_at: `2026-01-01T10:${String(spec.minute).padStart(2, "0")}:00.000Z`,
      })
      .execute();
  }
}

describe("ratings", () => {
  it("reads 10 as recommended, 5 as neutral, 0 and a comment's 1 as not recommended", () => {
    expect(ratingKind(10)).toBe("recommended");
    expect(ratingKind(5)).toBe("neutral");
    expect(ratingKind(0)).toBe("not_recommended");
    expect(ratingKind(1)).toBe("not_recommended");
  });
});

describe("listApprovedReviews (POST /json/reviews)", () => {
  it("pages through approved reviews only, newest first, with 'more' until the last page", async () => {
    const course = await addCourse("paged");
    const other = await addCourse("other");
    await addReviews(course, [
      ...Array.from({ length: 7 }, (_, i) => ({ status: "approved" as const, minute: i })),
      { status: "pending", minute: 30 },
      { status: "disapproved", minute: 31 },
    ]);
    await addReviews(other, [{ status: "approved", minute: 40 }]);

    const first = await listApprovedReviews(db, null, { course_id: course, length: 0 }, 3);
    expect(first.reviews.map((r) => r.first_name)).toEqual(["Reviewer6", "Reviewer5", "Reviewer4"]);
    expect(first.more).toBe(true);
    const second = await listApprovedReviews(db, null, { course_id: course, length: 3 }, 3);
    expect(second.reviews.map((r) => r.first_name)).toEqual(["Reviewer3", "Reviewer2", "Reviewer1"]);
    expect(second.more).toBe(true);
    const last = await listApprovedReviews(db, null, { course_id: course, length: 6 }, 3);
    expect(last.reviews.map((r) => r.first_name)).toEqual(["Reviewer0"]);
    expect(last.more).toBe(false);
    expect(await listApprovedReviews(db, null, { course_id: course, length: 7 }, 3)).toEqual({
      reviews: [],
      more: false,
    });
  });

  it("stops 'more' exactly when the page is the last full one", async () => {
    const course = await addCourse("exact");
    await addReviews(
      course,
      Array.from({ length: 6 }, (_, i) => ({ status: "approved" as const, minute: i })),
    );
    expect((await listApprovedReviews(db, null, { course_id: course, length: 3 }, 3)).more).toBe(false);
  });

  it("answers the spec's Review shape", async () => {
    const course = await addCourse("shape");
    await addReviews(course, [{ status: "approved", minute: 5, rating: 5 }]);
    const { reviews } = await listApprovedReviews(db, null, { course_id: course });
    expect(reviews).toEqual([
      {
        id: expect.any(Number),
        rating: 5,
        first_name: "Reviewer5",
        created_at: "2026-01-01T10:05:00.000Z",
        title: "Title 5",
        review: "Body 5",
        course: { slug: "shape" },
      },
    ]);
  });

  it("hides an unpublished course's reviews from all but admins, and refuses bad input", async () => {
    const draft = await addCourse("draft", "draft");
    await addReviews(draft, [{ status: "approved", minute: 1 }]);
    const error = await listApprovedReviews(db, null, { course_id: draft }).catch((e: unknown) => e);
    expect(isAppError(error) && error.status).toBe(404);
    expect(
      (await listApprovedReviews(db, { role: "student" }, { course_id: draft }).catch((e: unknown) => e)) instanceof
        Error,
    ).toBe(true);
    expect((await listApprovedReviews(db, { role: "admin" }, { course_id: draft })).reviews).toHaveLength(1);
    const missing = await listApprovedReviews(db, null, { course_id: 999_999 }).catch((e: unknown) => e);
    expect(isAppError(missing) && missing.status).toBe(404);
    for (const input of [{}, { course_id: "x" }, { course_id: draft, length: -1 }, { course_id: 1.5 }]) {
      const invalid = await listApprovedReviews(db, null, input).catch((e: unknown) => e);
      expect(isAppError(invalid) && invalid.status, JSON.stringify(input)).toBe(422);
    }
  });

  it("summarises the approved reviews: how many, how many recommend, the sum of their ratings", async () => {
    const course = await addCourse("summary");
    await addReviews(course, [
      { status: "approved", minute: 1, rating: 10 },
      { status: "approved", minute: 2, rating: 10 },
      { status: "approved", minute: 3, rating: 5 },
      { status: "approved", minute: 4, rating: 1 },
      { status: "pending", minute: 5, rating: 10 },
    ]);
    expect(await summariseApprovedReviews(db, course)).toEqual({ count: 4, recommended: 2, ratingTotal: 26 });
    expect(await summariseApprovedReviews(db, await addCourse("none"))).toEqual({
      count: 0,
      recommended: 0,
      ratingTotal: 0,
    });
  });
});

describe("storeReview", () => {
  it("stores a pending review signed with the student's first name", async () => {
    const course = await addCourse("store");
    const student = await addUser("s@example.com");
    await grantCourseAccess(db, {
      userId: student.id,
      courseId: course,
      endsAt: null,
      source: "admin",
      grantedBy: null,
    });
    const review = await storeReview(db, actorOf(student), {
      course_id: course,
      rating: 5,
      title: "  Good ",
      body: "Solid course",
    });
    expect(review).toMatchObject({ rating: 5, title: "Good", body: "Solid course", status: "pending" });
    const row = await db.selectFrom("reviews").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: "Anna", user_id: student.id, comment_id: null });
    expect(await findOwnReview(db, student.id, course)).toMatchObject({ id: review.id, status: "pending" });
    expect(firstNameOf("  Łucja   Kowalska ")).toBe("Łucja");
  });

  it("refuses a visitor (401), a student without access (403), an unknown or unpublished course (404), a second review (409)", async () => {
    const course = await addCourse("rules");
    const draft = await addCourse("rules-draft", "draft");
    const student = await addUser("r@example.com");
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: unknown) => (isAppError(e) ? e.status : 500),
      );
    const input = { course_id: course, rating: 10, body: "Great" };
    // A visitor is asked to log in before anything is read, even with input that would not pass.
    expect(await status(storeReview(db, visitor, input))).toBe(401);
    expect(await status(storeReview(db, visitor, { course_id: "x" }))).toBe(401);
    expect(await status(storeReview(db, actorOf(student), input))).toBe(403);
    await grantCourseAccess(db, {
      userId: student.id,
      courseId: course,
      endsAt: null,
      source: "admin",
      grantedBy: null,
    });
    await grantCourseAccess(db, {
      userId: student.id,
      courseId: draft,
      endsAt: null,
      source: "admin",
      grantedBy: null,
    });
    expect(await status(storeReview(db, actorOf(student), { ...input, course_id: draft }))).toBe(404);
    expect(await status(storeReview(db, actorOf(student), { ...input, course_id: 999_999 }))).toBe(404);
    // Two at once: exactly one is stored.
    const results = await Promise.all([
      status(storeReview(db, actorOf(student), input)),
      status(storeReview(db, actorOf(student), input)),
    ]);
    expect(results.sort()).toEqual([200, 409]);
    expect(await status(storeReview(db, actorOf(student), { ...input, rating: 0 }))).toBe(409);
    expect(await db.selectFrom("reviews").selectAll().execute()).toHaveLength(1);
    // An expired access is no access.
    const late = await addUser("late@example.com");
    await grantCourseAccess(db, {
      userId: late.id,
      courseId: course,
      endsAt: "2000-01-01T00:00:00.000Z",
      source: "admin",
      grantedBy: null,
    });
    expect(await status(storeReview(db, actorOf(late), input))).toBe(403);
  });

  it("accepts only the ratings 10, 5 and 0, and a body of 2 to 2000 characters", async () => {
    const course = await addCourse("valid");
    const student = await addUser("v@example.com");
    await grantCourseAccess(db, {
      userId: student.id,
      courseId: course,
      endsAt: null,
      source: "admin",
      grantedBy: null,
    });
    for (const [input, field] of [
      [{ rating: 1, body: "Fine" }, "rating"],
      [{ rating: "10", body: "Fine" }, "rating"],
      [{ body: "Fine" }, "rating"],
      [{ rating: 10, body: " x " }, "body"],
      [{ rating: 10, body: "x".repeat(2001) }, "body"],
      [{ rating: 10, body: "Fine", title: "t".repeat(151) }, "title"],
    ] as const) {
      const error = await storeReview(db, actorOf(student), { course_id: course, ...input }).catch((e: unknown) => e);
      expect(isAppError(error) && error.status, JSON.stringify(input)).toBe(422);
      expect(Object.keys((error as { fields: object }).fields), JSON.stringify(input)).toContain(field);
    }
    // A student's review beside one an admin made from the same student's comment: both may exist.
    const { id: commentId } = await db
      .insertInto("comments")
      .values({
        commentable_type: "lecture",
        commentable_id: 1,
        user_id: student.id,
        body: "x",
        created_at: now(),
        updated_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("reviews")
      .values({
        course_id: course,
        user_id: student.id,
        comment_id: commentId,
        first_name: "Anna",
        rating: 1,
        created_at: now(),
      })
      .execute();
    await expect(
      storeReview(db, actorOf(student), { course_id: course, rating: 0, body: "Not for me" }),
    ).resolves.toMatchObject({ rating: 0 });
  });
});

describe("moderation", () => {
  it("approves and disapproves, bumping the catalog cache version each time; unknown ids are 404", async () => {
    const course = await addCourse("moderate");
    await addReviews(course, [
      { status: "pending", minute: 1 },
      { status: "pending", minute: 2 },
    ]);
    const [first, second] = await db.selectFrom("reviews").select("id").orderBy("id").execute();
    const before = await readCacheVersion(db, "catalog");
    await setReviewStatus(db, actors.admin, { id: first!.id, status: "approved" });
    expect(await readCacheVersion(db, "catalog")).toBe(before + 1);
    await setReviewStatus(db, actors.admin, { id: second!.id, status: "disapproved" });
    expect(await readCacheVersion(db, "catalog")).toBe(before + 2);
    const missing = await setReviewStatus(db, actors.admin, { id: 999_999, status: "approved" }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(missing) && missing.status).toBe(404);
    expect(await readCacheVersion(db, "catalog")).toBe(before + 2);

    const pending = await listReviewsForAdmin(db, actors.admin, "pending");
    expect(pending.reviews).toEqual([]);
    expect(pending.counts).toEqual({ pending: 0, approved: 1, disapproved: 1 });
    const all = await listReviewsForAdmin(db, actors.admin, "all");
    expect(all.reviews.map((r) => [r.first_name, r.status])).toEqual([
      ["Reviewer2", "disapproved"],
      ["Reviewer1", "approved"],
    ]);
    expect(all.reviews[0]!.course).toEqual({ id: course, title: "moderate", slug: "moderate" });
  });
});
