// What each process keeps of a lecture and of a student's access (core/learning/find-watchable-lecture.ts,
// core/learning/course-access.ts), seen through a call that checks them (the lecture's comment list). The test's
// own database connection plays another process: its writes empty no copy in the server.
// - An access window is compared with the clock on every call: an access that ends stops at its end.
// - "No access" and "no such lecture" are never kept: another process's grant or new lecture works at once.
// - Another process's revocation, unpublishing or access change takes effect within the memo's 2 s.
// - A change made through the server takes effect at the very next call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MEMO_MS } from "#core/learning/course-access.ts";
import { LECTURE_MEMO_MS } from "#core/learning/find-watchable-lecture.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const listStatus = async (client: BrowserClient, lectureId: number) =>
  (await client.post(`/json/lectures/${lectureId}/comments`)).status;
const memoLimit = (ms: number) => ({ timeoutMs: ms + 3000 });

describe("the per-process copies of lectures and access", () => {
  it("stops an access at its end, though the window is kept", async () => {
    const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { paid: { access: "paid" } } });
    const student = await newStudent(server);
    const endsAt = Date.now() + 400;
    await server.handle.db
      .insertInto("course_access")
      .values({
        user_id: student.id,
        course_id: course.id,
        starts_at: nowIso(-1000),
        ends_at: new Date(endsAt).toISOString(),
        source: "admin",
        granted_by: null,
        reason: "",
        revoked_at: null,
        created_at: nowIso(),
      })
      .execute();
    const keptAt = Date.now();
    const allowed = await listStatus(student.client, course.lectures.paid);
    if (Date.now() >= endsAt) return; // a machine too slow to see the access open: nothing to check
    expect(allowed).toBe(200);
    while (Date.now() < endsAt + 10) await new Promise((resolve) => setImmediate(resolve));
    const after = await listStatus(student.client, course.lectures.paid);
    // Still within the memo: only comparing the kept window with the clock can refuse it now.
    if (Date.now() < keptAt + ACCESS_MEMO_MS) expect(after).toBe(404);
  });

  it("opens a course at once when another process grants access, and closes it within the memo when it revokes", async () => {
    const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { paid: { access: "paid" } } });
    const student = await newStudent(server);
    expect(await listStatus(student.client, course.lectures.paid)).toBe(404);
    await grantAccess(server.handle.db, student.id, course.id);
    expect(await listStatus(student.client, course.lectures.paid)).toBe(200);
    await server.handle.db
      .updateTable("course_access")
      .set({ revoked_at: nowIso() })
      .where("user_id", "=", student.id)
      .execute();
    await waitFor(
      async () => (await listStatus(student.client, course.lectures.paid)) === 404,
      memoLimit(ACCESS_MEMO_MS),
    );
  });

  it("closes a course at the next call when the admin revokes the access through the server", async () => {
    const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { paid: { access: "paid" } } });
    const student = await newStudent(server);
    await grantAccess(server.handle.db, student.id, course.id);
    expect(await listStatus(student.client, course.lectures.paid)).toBe(200);
    const revoked = await admin.json("DELETE", `/home/courses/${course.id}/access/${student.id}`);
    expect(revoked.status).toBe(200);
    expect(await listStatus(student.client, course.lectures.paid)).toBe(404);
  });

  it("finds a lecture another process creates at once, and hides one it unpublishes within the memo", async () => {
    const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
    const student = await newStudent(server);
    const lectureId = course.lectures.free;
    await server.handle.db.updateTable("lectures").set({ status: "draft" }).where("id", "=", lectureId).execute();
    expect(await listStatus(student.client, lectureId)).toBe(404);
    await server.handle.db.updateTable("lectures").set({ status: "published" }).where("id", "=", lectureId).execute();
    // A draft is a kept answer (the lecture exists): the change shows within the memo.
    await waitFor(async () => (await listStatus(student.client, lectureId)) === 200, memoLimit(LECTURE_MEMO_MS));
    const unknown = lectureId + 1000;
    expect(await listStatus(student.client, unknown)).toBe(404);
  });
});
