// The admin's page of one student, /home/students/:id, where a comment author's link leads (the link the
// discussion hands admins must not be a dead end): details, courses with progress, purchases; admins only, 404
// for an unknown or malformed id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "#platform/db/connection.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  grantAccess,
  newStudent,
  postComment,
} from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { text } from "./catalog-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"one" | "two">;
let anna: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  course = await arrangeDiscussionCourse(server.handle.db, {
    lectures: { one: { access: "paid" }, two: { access: "paid" } },
  });
  anna = await newStudent(server, "Anna Author");
  await grantAccess(server.handle.db, anna.id, course.id);
  await server.handle.db
    .insertInto("lecture_progress")
    .values({
      user_id: anna.id,
      lecture_id: course.lectures.one,
      course_id: course.id,
      completed_at: nowIso(),
      updated_at: nowIso(),
      last_viewed_at: nowIso(),
    })
    .execute();
});
afterAll(() => server?.stop());

describe("a student's page in the admin area", () => {
  it("is where the comment author's link leads, with their details, courses and progress", async () => {
    const comment = await postComment(anna.client, course.lectures.one, "A question from Anna");
    const list = await admin.post(`/json/lectures/${course.lectures.one}/comments`);
    const url = list.body.comments.find((c: { id: number }) => c.id === comment.id).ownable.url;
    expect(url).toBe(`/home/students/${anna.id}`);

    const page = await admin.page(url);
    expect(page.status).toBe(200);
    const html = text(page.html).replace(/<!-- -->/g, "");
    expect(html).toContain("<title>Anna Author · ");
    expect(html).toContain(anna.email);
    expect(html).toContain(`Discussion course`);
    expect(html).toContain("1 of 2 lectures");
    expect(html).toContain("Granted by an administrator");
    expect(html).toContain("No purchases.");
  });

  it("answers 404 for an unknown or malformed id, and only admins see it", async () => {
    expect((await admin.page("/home/students/999999")).status).toBe(404);
    expect((await admin.page("/home/students/12abc")).status).toBe(404);
    expect((await admin.page("/home/students/99999999999999999999")).status).toBe(404);
    expect((await anna.client.page(`/home/students/${anna.id}`)).status).toBe(404);
    const anonymous = await (await visitor(server)).page(`/home/students/${anna.id}`);
    expect([302, 303]).toContain(anonymous.status);
  });
});
