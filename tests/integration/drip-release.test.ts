// Drip release over HTTP on the test server's database (SQLite, or PostgreSQL with TEST_DATABASE_URL): the
// admin sets a lecture's and a section's release through PUT .../drip (validated in the page's language, staff
// only); a student with access sees a locked lecture with its date in the school's time zone, and cannot
// complete, note or discuss it, nor read its files, until it opens; the clock is moved by moving the access's
// start back (the server's clock is not ours). The unlock mail goes once per student and unlock, however often
// the scan runs, and when two scans race.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canViewLecture } from "#core/media/lecture-viewing.ts";
import { scanDripUnlocks } from "#core/learning/scan-drip-unlocks.ts";
import { nowIso } from "#platform/db/connection.ts";
import { formatLongDateTime } from "#platform/i18n/format.ts";
import { changeSettings, englishSchool, mailJobsTo } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { arrangeCourse, type ArrangedCourse, giveAccess } from "../helpers/watch-fixtures.ts";

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let admin: BrowserClient;
let course: ArrangedCourse;
let sections: { start: number; later: number };
const zone = "Europe/Warsaw";

const lectureUrl = (sectionId: number, lectureId: number) =>
  `/home/courses/${course.id}/sections/${sectionId}/lectures/${lectureId}`;

/** Moves a student's access start back: as if `ms` had passed since they got it. */
async function accessBegan(userId: number, msAgo: number) {
  await server.handle.db
    .updateTable("course_access")
    .set({ starts_at: nowIso(-msAgo) })
    .where("user_id", "=", userId)
    .where("course_id", "=", course.id)
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  const db = server.handle.db;
  await changeSettings(admin, englishSchool, { time_zone: zone } as Partial<typeof englishSchool>);
  await db.updateTable("school").set({ public_url: "https://school.example" }).execute();
  course = await arrangeCourse(db, {
    slug: "drip-course",
    sections: [
      {
        title: "Start",
        lectures: [
          { title: "Open", access: "paid" },
          { title: "Dripped", access: "paid", body: "Secret lesson" },
        ],
      },
      {
        title: "Later",
        lectures: [
          { title: "Later one", access: "paid" },
          { title: "Later two", access: "paid" },
        ],
      },
    ],
  });
  const rows = await db
    .selectFrom("course_sections")
    .select(["id", "title"])
    .where("course_id", "=", course.id)
    .execute();
  sections = { start: rows.find((r) => r.title === "Start")!.id, later: rows.find((r) => r.title === "Later")!.id };
});
afterAll(() => server?.stop());

describe("setting a release", () => {
  it("stores a lecture's days and a section's date, and refuses bad input with a clear message", async () => {
    const lecture = await admin.json("PUT", `${lectureUrl(sections.start, course.lectures.Dripped!)}/drip`, {
      mode: "days",
      drip_days: 3,
    });
    expect(lecture.status).toBe(200);
    expect(lecture.body.lecture).toMatchObject({ drip_days: 3, drip_at: null });

    const tooMany = await admin.json("PUT", `${lectureUrl(sections.start, course.lectures.Dripped!)}/drip`, {
      mode: "days",
      drip_days: 3651,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.drip_days[0]).toMatch(/3650/);
    const noDate = await admin.json("PUT", `/home/courses/${course.id}/sections/${sections.later}/drip`, {
      mode: "date",
      drip_at: "soon",
    });
    expect(noDate.status).toBe(422);
    expect(noDate.body.errors.drip_at).toBeDefined();

    await changeSettings(admin, englishSchool, { language: "pl", time_zone: zone } as Partial<typeof englishSchool>);
    const polish = await admin.json("PUT", `/home/courses/${course.id}/sections/${sections.later}/drip`, {
      mode: "days",
      drip_days: 0,
    });
    await changeSettings(admin, englishSchool, { time_zone: zone } as Partial<typeof englishSchool>);
    expect(polish.status).toBe(422);
    expect(polish.body.errors.drip_days[0]).toMatch(/[ąćęłńóśźż]/);

    const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const section = await admin.json("PUT", `/home/courses/${course.id}/sections/${sections.later}/drip`, {
      mode: "date",
      drip_at: inAnHour,
    });
    expect(section.status).toBe(200);
    expect(section.body.section).toMatchObject({ drip_days: null, drip_at: inAnHour });
  });

  it("is the staff's only", async () => {
    const student = await newStudent(server);
    const response = await student.client.json("PUT", `/home/courses/${course.id}/sections/${sections.later}/drip`, {
      mode: "none",
    });
    expect(response.status).toBe(403);
  });
});

describe("a student with access", () => {
  it("sees the dripped lecture locked with its date, cannot use it, and sees it open once the days have passed", async () => {
    const db = server.handle.db;
    const student = await newStudent(server);
    await giveAccess(db, { userId: student.id, courseId: course.id });
    const dripped = course.lectures.Dripped!;
    const access = await db
      .selectFrom("course_access")
      .select("starts_at")
      .where("user_id", "=", student.id)
      .executeTakeFirstOrThrow();
    const opens = new Date(Date.parse(access.starts_at) + 3 * DAY).toISOString();

    const locked = await student.client.page(`/${course.slug}/watch/${dripped}`);
    expect(locked.status).toBe(200);
    expect(locked.html).toContain(`Available on ${formatLongDateTime(opens, "en", zone)}`);
    expect(locked.html).not.toContain("Secret lesson");
    expect((await student.client.post(`/lecture/${dripped}/complete`)).status).toBe(404);
    expect((await student.client.post(`/lecture/${dripped}/notes`, { note: "x" })).status).toBe(404);
    expect((await student.client.post("/comments", { type: "lecture", id: dripped, body: "Hi there" })).status).toBe(
      404,
    );
    expect(await canViewLecture(db, { kind: "student", userId: student.id }, dripped)).toBe(false);
    // The lecture without a rule is open; the admin is never held back.
    expect((await student.client.post(`/lecture/${course.lectures.Open}/complete`)).status).toBe(200);
    expect((await admin.page(`/${course.slug}/watch/${dripped}`)).html).toContain("Secret lesson");

    // The test's connection plays another process: the server's copy of the access follows within its memo.
    await accessBegan(student.id, 3 * DAY + 60_000);
    const open = await waitFor(async () => {
      const page = await student.client.page(`/${course.slug}/watch/${dripped}`);
      return page.html.includes("Secret lesson") ? page : undefined;
    });
    expect(open.html).not.toContain('data-testid="lecture-locked"');
    expect((await student.client.post(`/lecture/${dripped}/complete`)).status).toBe(200);
    expect(await canViewLecture(db, { kind: "student", userId: student.id }, dripped)).toBe(true);
  });

  it("waits for the later of the section's date and the lecture's own rule", async () => {
    const student = await newStudent(server);
    await giveAccess(server.handle.db, { userId: student.id, courseId: course.id });
    await accessBegan(student.id, 30 * DAY);
    // "Later" opens in an hour, whatever the access's age.
    const page = await student.client.page(`/${course.slug}/watch/${course.lectures["Later one"]}`);
    expect(page.html).toContain("Available on");
    expect((await student.client.post(`/lecture/${course.lectures["Later one"]}/watch`)).status).toBe(404);
  });
});

describe("unlock mails", () => {
  it("mails once per student and unlock, however often the scan runs and when two scans race", async () => {
    const db = server.handle.db;
    const student = await newStudent(server);
    await giveAccess(db, { userId: student.id, courseId: course.id });
    await accessBegan(student.id, 3 * DAY - 60_000);
    // Not yet: the lecture opens in a minute.
    await scanDripUnlocks(db);
    expect(await mailJobsTo(server, student.email)).toEqual([]);

    const later = nowIso(2 * 60_000);
    await Promise.all([scanDripUnlocks(db, later), scanDripUnlocks(db, later)]);
    await scanDripUnlocks(db, later);
    let mails = await mailJobsTo(server, student.email);
    expect(mails.map((m) => m.subject)).toEqual(["Now open in Course drip-course: Dripped"]);
    expect(mails[0]!.text).toContain(`https://school.example/${course.slug}/watch/${course.lectures.Dripped}`);

    // The section "Later" opens in an hour: one mail for the section, not one per lecture.
    const afterSection = nowIso(2 * 60 * 60 * 1000);
    await scanDripUnlocks(db, afterSection);
    await scanDripUnlocks(db, afterSection);
    mails = await mailJobsTo(server, student.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Now open in Course drip-course: Dripped",
      "Now open in Course drip-course: Later",
    ]);
    expect(mails[1]!.text).toContain(`/watch/${course.lectures["Later one"]}`);
  });

  it("does not mail what was open before the access began, nor unlocks older than a day", async () => {
    const db = server.handle.db;
    const student = await newStudent(server);
    await giveAccess(db, { userId: student.id, courseId: course.id });
    await accessBegan(student.id, 10 * DAY);
    await scanDripUnlocks(db, nowIso(2 * 60 * 60 * 1000 + 5 * DAY));
    expect(await mailJobsTo(server, student.email)).toEqual([]);
  });
});
