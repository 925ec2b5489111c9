// Course access by the admin: list the students who have it, grant it by the e-mail of an existing student
// (the end date given, or the course's own access length), revoke it; hasCourseAccess (read from the database) follows each step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import type { Role } from "#platform/db/schema.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeCourse } from "./authoring-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
const ann = { name: "Ann Learner", email: "ann@example.com", password: "ann-secret-1" };
const bob = { name: "Bob Learner", email: "bob@example.com", password: "bob-secret-1" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  await registerStudent(server, ann);
  await registerStudent(server, bob);
});
afterAll(() => server?.stop());

/**
 * What the database says now. The test is another process to the server, and this process's own copy of an
 * access window could be up to ACCESS_MEMO_MS old; a transaction always reads the database.
 */
function accessNow(student: { id: number; role: Role }, courseId: number) {
  return server.handle.db.transaction().execute((trx) => hasCourseAccess(trx, student, courseId));
}

async function user(email: string) {
  return server.handle.db
    .selectFrom("users")
    .select(["id", "role"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
}

describe("granting and revoking access", () => {
  it("grants by e-mail, lists the student, and hasCourseAccess follows; revoking takes it back", async () => {
    const course = await arrangeCourse(admin, { title: "Access" });
    const student = await user(ann.email);
    expect(await accessNow(student, course.id)).toBe(false);
    expect((await admin.json("GET", `/home/courses/${course.id}/access`)).body.students).toEqual([]);

    const granted = await admin.post(`/home/courses/${course.id}/access`, { email: " ANN@example.com " });
    expect(granted.status).toBe(200);
    expect(granted.body.student).toMatchObject({
      user_id: student.id,
      name: ann.name,
      email: ann.email,
      ends_at: null,
      source: "admin",
      active: true,
    });
    expect(await accessNow(student, course.id)).toBe(true);
    const listed = await admin.json("GET", `/home/courses/${course.id}/access`);
    expect(listed.body.students.map((s: { email: string }) => s.email)).toEqual([ann.email]);

    // The spec's message for a second grant (§8).
    const twice = await admin.post(`/home/courses/${course.id}/access`, { email: ann.email });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.email).toEqual(["This student already has access to this product"]);

    const revoked = await admin.json("DELETE", `/home/courses/${course.id}/access/${student.id}`);
    expect(revoked.status).toBe(200);
    expect(await accessNow(student, course.id)).toBe(false);
    expect((await admin.json("GET", `/home/courses/${course.id}/access`)).body.students).toEqual([]);
    expect((await admin.json("DELETE", `/home/courses/${course.id}/access/${student.id}`)).status).toBe(404);

    // Given back after a revocation.
    expect((await admin.post(`/home/courses/${course.id}/access`, { email: ann.email })).status).toBe(200);
    expect(await accessNow(student, course.id)).toBe(true);
  });

  it("ends the access on the date given, or by the course's access length", async () => {
    const byDays = await arrangeCourse(admin, { title: "Thirty days", access_days: 30 });
    const before = Date.now();
    const granted = await admin.post(`/home/courses/${byDays.id}/access`, { email: bob.email });
    const ends = Date.parse(granted.body.student.ends_at);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);

    const byDate = await arrangeCourse(admin, { title: "Until a date", access_ends_at: "2099-12-31" });
    const untilDate = await admin.post(`/home/courses/${byDate.id}/access`, { email: bob.email });
    expect(untilDate.body.student.ends_at).toBe("2099-12-31T23:59:59.999Z");

    const given = await arrangeCourse(admin, { title: "Given date", access_days: 10 });
    const explicit = await admin.post(`/home/courses/${given.id}/access`, { email: bob.email, ends_at: "2098-01-15" });
    expect(explicit.body.student.ends_at).toBe("2098-01-15T23:59:59.999Z");

    const past = await admin.post(`/home/courses/${given.id}/access`, { email: ann.email, ends_at: "2001-01-01" });
    expect(past.status).toBe(422);
    expect(past.body.errors.ends_at).toEqual(["The end date must be in the future."]);
  });

  it("an expired access is listed as inactive and can be granted again", async () => {
    const course = await arrangeCourse(admin, { title: "Expired" });
    const student = await user(ann.email);
    await admin.post(`/home/courses/${course.id}/access`, { email: ann.email });
    await server.handle.db
      .updateTable("course_access")
      .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
      .where("user_id", "=", student.id)
      .where("course_id", "=", course.id)
      .execute();
    expect(await accessNow(student, course.id)).toBe(false);
    const listed = await admin.json("GET", `/home/courses/${course.id}/access`);
    expect(listed.body.students[0]).toMatchObject({ email: ann.email, active: false });
    expect((await admin.post(`/home/courses/${course.id}/access`, { email: ann.email })).status).toBe(200);
    expect(await accessNow(student, course.id)).toBe(true);
  });

  it("refuses an unknown e-mail, an administrator's, a malformed one; and 404s an unknown course", async () => {
    const course = await arrangeCourse(admin, { title: "Refusals" });
    const unknown = await admin.post(`/home/courses/${course.id}/access`, { email: "nobody@example.com" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.email).toEqual(["There is no student with this e-mail address."]);
    const administrator = await admin.post(`/home/courses/${course.id}/access`, { email: owner.email });
    expect(administrator.body.errors.email).toEqual(["There is no student with this e-mail address."]);
    const malformed = await admin.post(`/home/courses/${course.id}/access`, {
      email: "not-an-address",
      ends_at: "soon",
    });
    expect(malformed.body.errors).toEqual({ email: ["Enter a valid e-mail address."], ends_at: ["Invalid date."] });
    expect((await admin.post("/home/courses/999999/access", { email: ann.email })).status).toBe(404);
    expect((await admin.json("GET", "/home/courses/999999/access")).status).toBe(404);
    const student = await user(ann.email);
    expect((await admin.json("DELETE", `/home/courses/999999/access/${student.id}`)).status).toBe(404);
  });
});
