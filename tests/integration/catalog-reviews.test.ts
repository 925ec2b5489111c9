// Reviews over HTTP: POST /json/reviews {course_id, length} pages through approved reviews only ('More');
// POST /json/reviews/store lets a student with access write one pending review (401 / 403 / 404 / 409 / 419 /
// 422 otherwise, and the plain form before hydration); POST /home/reviews/:id/approve | /disapprove are the
// admin's (401 / 403 / 404 / 419), change what the list shows, and renew the cached pages (cache version).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCacheVersion } from "#platform/cache/versions.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addCourse, addReview, grantAccessByEmail, text } from "./catalog-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
let outsider: BrowserClient;
let courseId: number;
let draftId: number;
let pendingId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server, {
    name: "Rita Reviewer",
    email: "rita@example.com",
    password: "student-secret",
  });
  outsider = await registerStudent(server, {
    name: "Olaf Outsider",
    email: "olaf@example.com",
    password: "student-secret",
  });
  courseId = await addCourse(server, { slug: "reviewed", title: "Reviewed course" });
  draftId = await addCourse(server, { slug: "draft-reviewed", title: "Draft course", status: "draft" });
  await grantAccessByEmail(server, "rita@example.com", courseId);
  await grantAccessByEmail(server, "rita@example.com", draftId);
  // 12 approved reviews a minute apart (newest: number 11), and some that must never show.
  for (let i = 0; i < 12; i++) {
    await addReview(server, courseId, {
      first_name: `Approved${i}`,
      rating: [10, 5, 0, 1][i % 4]!,
      status: "approved",
      title: `Title ${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 10, i)).toISOString(),
    });
  }
  pendingId = await addReview(server, courseId, { first_name: "Pending", rating: 10, status: "pending" });
  await addReview(server, courseId, { first_name: "Disapproved", rating: 0, status: "disapproved" });
  await addReview(server, draftId, { first_name: "DraftOnly", rating: 10, status: "approved" });
});
afterAll(() => server?.stop());

describe("POST /json/reviews", () => {
  it("pages through approved reviews, newest first, 5 at a time, with 'more' until the end", async () => {
    const client = await visitor(server, "/courses");
    const names: string[] = [];
    const mores: boolean[] = [];
    for (let length = 0; length < 15; length += 5) {
      const response = await client.post("/json/reviews", { course_id: courseId, length });
      expect(response.status).toBe(200);
      names.push(...response.body.reviews.map((r: { first_name: string }) => r.first_name));
      mores.push(response.body.more);
    }
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `Approved${11 - i}`));
    expect(mores).toEqual([true, true, false]);
  });

  it("answers the spec's Review shape", async () => {
    const response = await (
      await visitor(server, "/courses")
    ).post("/json/reviews", { course_id: courseId, length: 11 });
    expect(response.body).toEqual({
      reviews: [
        {
          id: expect.any(Number),
          rating: 10,
          first_name: "Approved0",
          created_at: "2026-01-01T10:00:00.000Z",
          title: "Title 0",
          review: "Approved0 says hello",
          course: { slug: "reviewed" },
        },
      ],
      more: false,
    });
  });

  it("answers 404 for a draft course to visitors, 422 for a bad course_id or length, 419 without the CSRF token", async () => {
    const client = await visitor(server, "/courses");
    expect((await client.post("/json/reviews", { course_id: draftId })).status).toBe(404);
    expect((await client.post("/json/reviews", { course_id: 999_999 })).status).toBe(404);
    const bad = await client.post("/json/reviews", { course_id: "x", length: -1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["course_id", "length"]);
    expect((await client.post("/json/reviews", { course_id: courseId }, { csrf: false })).status).toBe(419);
    // An admin may look at a draft's reviews.
    expect((await admin.post("/json/reviews", { course_id: draftId })).body.reviews).toHaveLength(1);
  });
});

describe("POST /json/reviews/store", () => {
  const review = () => ({ course_id: courseId, rating: 10, title: "Loved it", body: "Clear and practical." });

  it("refuses visitors (401), students without access (403), unknown or draft courses (404), bad input (422), no token (419)", async () => {
    const anonymous = await visitor(server, "/courses");
    expect((await anonymous.post("/json/reviews/store", review())).status).toBe(401);
    // Core's review policy answers before the input is read: a visitor's bad input is a 401 too, not a 422.
    expect((await anonymous.post("/json/reviews/store", { course_id: "x" })).status).toBe(401);
    const forbidden = await outsider.post("/json/reviews/store", review());
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe("Only students with access to this course can review it.");
    expect((await student.post("/json/reviews/store", { ...review(), course_id: draftId })).status).toBe(404);
    expect((await student.post("/json/reviews/store", { ...review(), course_id: 999_999 })).status).toBe(404);
    const invalid = await student.post("/json/reviews/store", { course_id: courseId, rating: 7, body: "" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ rating: ["Choose one of the options."], body: ["This field is required."] });
    expect((await student.post("/json/reviews/store", review(), { csrf: false })).status).toBe(419);
    expect(
      await server.handle.db.selectFrom("reviews").select("id").where("first_name", "=", "Rita").execute(),
    ).toEqual([]);
  });

  it("stores one pending review per student, signed with the first name; a second one is 409", async () => {
    const stored = await student.post("/json/reviews/store", review());
    expect(stored.status).toBe(200);
    expect(stored.body.review).toMatchObject({
      rating: 10,
      title: "Loved it",
      body: "Clear and practical.",
      status: "pending",
    });
    const row = await server.handle.db
      .selectFrom("reviews")
      .selectAll()
      .where("id", "=", stored.body.review.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: "Rita", status: "pending", course_id: courseId });
    const again = await student.post("/json/reviews/store", { ...review(), rating: 0 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already reviewed this course.");
    // Pending: not in the public list; the student sees it on the page as waiting for approval.
    const list = await student.post("/json/reviews", { course_id: courseId, length: 0 });
    expect(list.body.reviews.map((r: { first_name: string }) => r.first_name)).not.toContain("Rita");
    const page = text((await student.page("/reviewed")).html);
    expect(page).toContain("Your review is waiting for approval.");
    expect(page).not.toContain("Write a review");
  });

  it("shows the review form only to a student with access who has not reviewed", async () => {
    const other = await registerStudent(server, {
      name: "Wanda Writer",
      email: "wanda@example.com",
      password: "student-secret",
    });
    expect(text((await other.page("/reviewed")).html)).not.toContain("Write a review");
    await grantAccessByEmail(server, "wanda@example.com", courseId);
    expect(text((await other.page("/reviewed")).html)).toContain("Write a review");
    expect(text((await (await visitor(server, "/courses")).page("/reviewed")).html)).not.toContain("Write a review");
  });

  it("takes the page's plain form before hydration and redirects back to the reviews", async () => {
    const writer = await registerStudent(server, {
      name: "Paul Plain",
      email: "paul@example.com",
      password: "student-secret",
    });
    await grantAccessByEmail(server, "paul@example.com", courseId);
    await writer.page("/reviewed");
    const form = new URLSearchParams({
      _csrf: writer.csrfToken,
      course_id: String(courseId),
      rating: "5",
      title: "",
      body: "Fine course",
    });
    const response = await writer.raw("/json/reviews/store", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        referer: `${server.url}/reviewed`,
      },
      body: form.toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/reviewed?review=sent#reviews");
    const row = await server.handle.db
      .selectFrom("reviews")
      .selectAll()
      .where("first_name", "=", "Paul")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rating: 5, status: "pending", body: "Fine course" });
    expect(text((await writer.page("/reviewed?review=sent")).html)).toContain(
      "Thank you! Your review will appear after approval.",
    );
  });
});

describe("moderation: POST /home/reviews/:id/approve | /disapprove", () => {
  it("is for admins only: 401 for visitors, 403 for students, 419 without the token, 404 for unknown ids", async () => {
    const anonymous = await visitor(server, "/courses");
    expect((await anonymous.post(`/home/reviews/${pendingId}/approve`)).status).toBe(401);
    expect((await student.post(`/home/reviews/${pendingId}/approve`)).status).toBe(403);
    expect((await student.post(`/home/reviews/${pendingId}/disapprove`)).status).toBe(403);
    expect((await admin.post(`/home/reviews/${pendingId}/approve`, {}, { csrf: false })).status).toBe(419);
    expect((await admin.post("/home/reviews/999999/approve")).status).toBe(404);
    expect((await admin.post("/home/reviews/abc/disapprove")).status).toBe(404);
    const row = await server.handle.db
      .selectFrom("reviews")
      .select("status")
      .where("id", "=", pendingId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("approving shows a review in the list and disapproving hides it again, each renewing the cache version", async () => {
    const firstPage = async () =>
      (await admin.post("/json/reviews", { course_id: courseId, length: 0 })).body.reviews.map(
        (r: { first_name: string }) => r.first_name,
      );
    const before = await readCacheVersion(server.handle.db, "catalog");
    const approved = await admin.post(`/home/reviews/${pendingId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.review).toEqual({ id: pendingId, status: "approved" });
    expect(await readCacheVersion(server.handle.db, "catalog")).toBe(before + 1);
    expect((await firstPage())[0]).toBe("Pending");
    const disapproved = await admin.post(`/home/reviews/${pendingId}/disapprove`);
    expect(disapproved.body.review).toEqual({ id: pendingId, status: "disapproved" });
    expect(await readCacheVersion(server.handle.db, "catalog")).toBe(before + 2);
    expect(await firstPage()).not.toContain("Pending");
  });

  it("lists reviews for the admin on /home/reviews by status; students get the 404 page", async () => {
    const pending = text((await admin.page("/home/reviews")).html);
    expect(pending).toContain("Clear and practical.");
    expect(pending).not.toContain("Approved3 says hello");
    const approvedList = text((await admin.page("/home/reviews?status=approved")).html);
    expect(approvedList).toContain("Approved3 says hello");
    expect(approvedList).not.toContain("Clear and practical.");
    expect(text((await admin.page("/home/reviews?status=all")).html)).toContain("Disapproved says hello");
    expect((await student.page("/home/reviews")).status).toBe(404);
  });
});
