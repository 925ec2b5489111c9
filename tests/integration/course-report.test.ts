// The course report over HTTP (issue 17 item 6): /home/courses/{id}/report for the admin (students, completion
// rate, who is stuck, where students stop) with its filters, the CSV export once a minute, and the refusals of a
// student (403) and a visitor. Progress is made through the real calls; "stuck" is moved into reach by ageing the
// progress rows (the report's clock is the request's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let courseId: number;
let report: string;
let students: Awaited<ReturnType<typeof newStudent>>[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  const db = server.handle.db;
  const course = await arrangeDiscussionCourse(db, {
    lectures: { first: { access: "paid" }, second: { access: "paid" }, third: { access: "paid" } },
  });
  courseId = course.id;
  report = `/home/courses/${courseId}/report`;
  students = [
    await newStudent(server, "Ada Finisher"),
    await newStudent(server, "Bob Middle"),
    await newStudent(server, "Cyd Quiet"),
    await newStudent(server, "Dee Newcomer"),
  ];
  for (const student of students) await grantAccess(db, student.id, courseId);
  const complete = async (index: number, lectures: number[]) => {
    for (const lecture of lectures) {
      expect((await students[index]!.client.post(`/lecture/${lecture}/complete`)).status).toBe(200);
    }
  };
  const { first, second, third } = course.lectures;
  await complete(0, [first, second, third]);
  await complete(1, [first, second]);
  await complete(2, [first, second]);
  // Cyd has done nothing for a month.
  const monthAgo = new Date(Date.now() - 30 * 86400000).toISOString();
  await db
    .updateTable("lecture_progress")
    .set({ updated_at: monthAgo })
    .where("user_id", "=", students[2]!.id)
    .execute();
  // Dee joined today and has not started: recent access, not stuck yet.
});
afterAll(() => server?.stop());

const rowOf = (html: string, name: string) => {
  const start = html.indexOf(name);
  return html.slice(start, html.indexOf("</tr>", start));
};

describe("the course report", () => {
  it("shows the students, the completion rate, who is stuck and where most stopped", async () => {
    const page = await admin.page(report);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Completion rate");
    expect(page.html).toContain("25%");
    expect(page.html).toMatch(/Most students who stopped did so after “Second lecture|after “[^”]+” \(2\)/);
    expect(rowOf(page.html, "Ada Finisher")).toContain("Finished");
    expect(rowOf(page.html, "Bob Middle")).toContain("In progress");
    expect(rowOf(page.html, "Cyd Quiet")).toContain("Stuck");
    expect(rowOf(page.html, "Dee Newcomer")).toContain("In progress");
    expect(rowOf(page.html, "Bob Middle")).toContain("2 of 3 (66%)");
  });

  it("lists only the stuck students when asked, and moves the threshold with stuck_days", async () => {
    const stuck = await admin.page(`${report}?show=stuck`);
    expect(stuck.html).toContain("Cyd Quiet");
    expect(stuck.html).not.toContain("Bob Middle");
    expect(stuck.html).toContain("Students (1)");
    const patient = await admin.page(`${report}?show=stuck&stuck_days=60`);
    expect(patient.html).toContain("Students (0)");
  });

  it("exports the students as CSV once a minute", async () => {
    const first = await admin.raw(`${report}/export`, {
      method: "POST",
      headers: { "x-csrf-token": admin.csrfToken, "content-type": "application/json" },
      body: JSON.stringify({ stuck_days: 14 }),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("text/csv");
    const csv = await first.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("name,email,completed,total,percent,last_activity_at,finished,stuck");
    expect(lines.find((line) => line.startsWith("Ada Finisher"))).toMatch(/,3,3,100,.*,yes,no$/);
    expect(lines.find((line) => line.startsWith("Cyd Quiet"))).toMatch(/,2,3,66,.*,no,yes$/);
    const again = await admin.json("POST", `${report}/export`, { stuck_days: 14 });
    expect(again.status).toBe(429);
  });

  it("is hidden from a student (the admin area's 404; the export call 403) and sends a visitor to log in", async () => {
    expect((await students[0]!.client.page(report)).status).toBe(404);
    const exported = await students[0]!.client.json("POST", `${report}/export`, {});
    expect(exported.status).toBe(403);
    const visitor = new BrowserClient(server.url);
    const page = await visitor.page(report);
    expect(page.status).toBe(302);
  });
});
