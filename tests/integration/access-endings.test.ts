// An access's end told (issue 18, the access.expiring and access.expired events), over the test server's database
// with a moved clock (SQLite, or PostgreSQL with TEST_DATABASE_URL): a week before the end the student gets a mail
// and subscribed endpoints the access.expiring event; after the end, access.expired; each once however often the
// scan runs, again for an access extended and ending later; nothing for a revoked access, a draft course, a member
// whose membership opens the course, or an end long past.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessEndingDue, scanAccessEndings } from "#core/learning/access-endings.ts";
import { addDays } from "#core/memberships/periods.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { arrangeDiscussionCourse, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeMembership, arrangePlan } from "./memberships-admin-helpers.ts";

let server: TestServer;
const db = () => server.handle.db;
const END = "2026-06-15T10:00:00.000Z";

beforeAll(async () => {
  server = await startTestServer();
  const admin = await setUpSchool(server, { language: "en" });
  // An integrator's endpoint (nothing listens: the queued deliveries are what counts here).
  const endpoint = await admin.post("/home/webhooks", {
    url: "https://hooks.example.com/studium",
    events: ["access.expiring", "access.expired"],
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
});
afterAll(() => server?.stop());

async function courseWithStudent(options: { status?: "draft" | "published"; endsAt?: string } = {}) {
  const course = await arrangeDiscussionCourse(db(), {
    status: options.status,
    lectures: { one: { access: "paid" } },
  });
  const student = await newStudent(server, "Ewa Ending");
  const access = await db()
    .insertInto("course_access")
    .values({
      user_id: student.id,
      course_id: course.id,
      starts_at: "2026-01-01T00:00:00.000Z",
      ends_at: options.endsAt ?? END,
      source: "purchase",
      granted_by: null,
      reason: "",
      revoked_at: null,
      created_at: "2026-01-01T00:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { title } = await db()
    .selectFrom("courses")
    .select("title")
    .where("id", "=", course.id)
    .executeTakeFirstOrThrow();
  return { course: { ...course, title }, student, accessId: access.id };
}

/** The subjects of the mails queued to `email`, in order. */
async function subjectsTo(email: string): Promise<string[]> {
  const jobs = await db().selectFrom("jobs").select("payload").where("type", "=", "mail.send").orderBy("id").execute();
  return jobs
    .map((job) => JSON.parse(job.payload) as { to: string; subject: string })
    .filter((mail) => mail.to === email)
    .map((mail) => mail.subject);
}

/** The events queued for the endpoint about one access, in order. */
async function eventsOf(accessId: number) {
  const rows = await db().selectFrom("webhook_deliveries").select("payload").orderBy("id").execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { type: string; data: { access: { id: number; ends_at: string } } })
    .filter((event) => event.data.access?.id === accessId);
}

/** A day as the mails write it: in the school's language and time zone. */
const day = (iso: string, lang: "en" | "pl" = "en") => formatDate(iso, lang, "UTC");

async function scanAt(now: string) {
  for (let i = 0; i < 3; i++) await scanAccessEndings(db(), now);
}

describe("when an access is told of its end", () => {
  it("a week before it, and once it has passed, each once; within the lookback only", () => {
    expect(accessEndingDue(END, addDays(END, -8))).toBeNull();
    expect(accessEndingDue(END, addDays(END, -7))).toBe("expiring");
    expect(accessEndingDue(END, END)).toBe("expired");
    expect(accessEndingDue(END, addDays(END, 3))).toBeNull();
  });
});

describe("the scan", () => {
  it("mails the student and queues access.expiring a week ahead, access.expired after, once each", async () => {
    const { course, student, accessId } = await courseWithStudent();
    await scanAt(addDays(END, -8));
    expect(await subjectsTo(student.email)).toEqual([]);
    await scanAt(addDays(END, -7));
    await scanAt(addDays(END, -1));
    expect(await subjectsTo(student.email)).toEqual([`Your access to ${course.title} ends on ${day(END)}`]);
    await scanAt(addDays(END, 1));
    await scanAt(addDays(END, 2));
    expect(await subjectsTo(student.email)).toEqual([
      `Your access to ${course.title} ends on ${day(END)}`,
      `Your access to ${course.title} has ended`,
    ]);
    const events = await eventsOf(accessId);
    expect(events.map((event) => event.type)).toEqual(["access.expiring", "access.expired"]);
    expect(events[0]!.data).toEqual({
      student: { id: student.id, tags: [] },
      course: { id: course.id },
      access: { id: accessId, ends_at: END },
    });
    const mail = await db()
      .selectFrom("jobs")
      .select("payload")
      .where("unique_key", "=", `access-expired:${accessId}:${END}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(mail.payload).text).toContain(`/${course.slug}`);
  });

  it("tells an extended access again for its new end, in the school's language", async () => {
    const { student, accessId } = await courseWithStudent();
    await scanAt(addDays(END, -3));
    const later = addDays(END, 30);
    await db().updateTable("course_access").set({ ends_at: later }).where("id", "=", accessId).execute();
    await db().updateTable("school").set({ language: "pl" }).execute();
    try {
      await scanAt(addDays(later, -2));
    } finally {
      await db().updateTable("school").set({ language: "en" }).execute();
    }
    const subjects = await subjectsTo(student.email);
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toMatch(/^Twój dostęp do kursu .* kończy się /);
    expect(subjects[1]!.endsWith(day(later, "pl"))).toBe(true);
    expect((await eventsOf(accessId)).map((event) => event.data.access.ends_at)).toEqual([END, later]);
  });

  it("tells nothing of a revoked access, a draft course, a member's course or an end long past", async () => {
    const revoked = await courseWithStudent();
    await db().updateTable("course_access").set({ revoked_at: END }).where("id", "=", revoked.accessId).execute();
    const draft = await courseWithStudent({ status: "draft" });
    const longPast = await courseWithStudent({ endsAt: addDays(END, -10) });
    const member = await courseWithStudent();
    const planId = await arrangePlan(db(), { name: "Club" });
    await db().insertInto("membership_plan_courses").values({ plan_id: planId, course_id: member.course.id }).execute();
    await arrangeMembership(db(), {
      userId: member.student.id,
      planId,
      status: "active",
      started_at: "2026-01-01T00:00:00.000Z",
      current_period_end: addDays(END, 60),
    });
    await scanAt(addDays(END, -5));
    await scanAt(addDays(END, 1));
    for (const { student, accessId } of [revoked, draft, longPast, member]) {
      expect(await subjectsTo(student.email)).toEqual([]);
      expect(await eventsOf(accessId)).toEqual([]);
    }
  });
});
