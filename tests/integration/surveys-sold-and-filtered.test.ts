// Surveys, the rest (issue 17, item 1): a survey sold as a product (its holders find it in /my and answer it
// there, others do not reach it); the results and the CSV export filtered by the course the answer came from and
// the days it was given, validated; the dashboard's voice of the student (latest survey answers, cancellation
// reasons, reviews). Its own server: the export throttle (one per admin per minute) is not shared with
// surveys.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "#platform/db/connection.ts";
import { type BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeMembership, arrangePlan } from "./memberships-admin-helpers.ts";

const questions = [
  {
    type: "select",
    title: "How was it?",
    required: true,
    options: [
      { value: "good", label: "Good" },
      { value: "bad", label: "Bad" },
    ],
  },
  { type: "textarea", title: "Anything else?" },
];

let server: TestServer;
let admin: BrowserClient;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

async function createSurvey(body: Record<string, unknown>): Promise<number> {
  const response = await admin.post("/home/surveys", { title: "Sold survey", questions, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.survey.id;
}

async function arrangeProduct(title: string, kind: "file" | "course" = "file", courseId: number | null = null) {
  const now = nowIso();
  const row = await db()
    .insertInto("products")
    .values({
      kind,
      slug: `survey-product-${process.pid}-${Math.random().toString(36).slice(2)}`,
      title,
      currency: "EUR",
      created_at: now,
      updated_at: now,
      course_id: courseId,
      cover_image: null,
      access_days: null,
      access_ends_at: null,
      event_starts_at: null,
      file_key: null,
      file_name: null,
      published_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function holdProduct(userId: number, productId: number) {
  const now = nowIso();
  await db()
    .insertInto("product_access")
    .values({
      user_id: userId,
      product_id: productId,
      transaction_id: null,
      starts_at: now,
      ends_at: null,
      revoked_at: null,
      created_at: now,
    })
    .execute();
}

const answer = (how: "good" | "bad", text = "") => ({ "how-was-it": how, "anything-else": text });

describe("a survey sold as a product", () => {
  it("needs an existing product other than a course's own", async () => {
    const body = { title: "Sold", questions, placement: "product" };
    const none = await admin.post("/home/surveys", body);
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(["product_id"]);
    expect((await admin.post("/home/surveys", { ...body, product_id: 999999 })).body.errors.product_id).toEqual([
      "Choose one of the options.",
    ]);
    const course = await arrangeDiscussionCourse(db(), { lectures: { one: { access: "free" } } });
    const courseProduct = await arrangeProduct("The course itself", "course", course.id);
    expect(
      Object.keys((await admin.post("/home/surveys", { ...body, product_id: courseProduct })).body.errors),
    ).toEqual(["product_id"]);
  });

  it("is reached, shown in /my and answered once by those who hold the product, and by nobody else", async () => {
    const productId = await arrangeProduct("Feedback session");
    const id = await createSurvey({ title: "Feedback after the session", placement: "product", product_id: productId });
    expect((await admin.page("/home/surveys")).html).toContain("Sold as the product Feedback session");

    const buyer = await newStudent(server, "Bea Buyer");
    const other = await newStudent(server, "Otto Other");
    expect((await buyer.client.post(`/survey/${id}`)).status).toBe(404);
    expect((await buyer.client.post("/survey/due", {})).body.survey).toBeNull();
    expect((await buyer.client.page("/my")).html).not.toContain("Feedback after the session");

    await holdProduct(buyer.id, productId);
    expect((await buyer.client.post("/survey/due", {})).body.survey?.id).toBe(id);
    const my = await buyer.client.page("/my");
    expect(my.html).toContain("Feedback after the session");
    expect(my.html).toContain("Answer the survey");
    const submitted = await buyer.client.post("/survey/submit", { survey_id: id, response: answer("good") });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await buyer.client.post("/survey/submit", { survey_id: id, response: answer("bad") })).status).toBe(409);
    const after = await buyer.client.page("/my");
    expect(after.html).toContain("Answered on");
    expect(after.html).not.toContain("Answer the survey");
    expect((await buyer.client.post("/survey/due", {})).body.survey).toBeNull();

    expect((await other.client.post("/survey/submit", { survey_id: id, response: answer("bad") })).status).toBe(404);
    // Access revoked (a refund): the survey is no longer theirs to open.
    await db().updateTable("product_access").set({ revoked_at: nowIso() }).where("user_id", "=", buyer.id).execute();
    expect((await buyer.client.post(`/survey/${id}`)).status).toBe(404);
  });
});

describe("the results' filters", () => {
  let id: number;
  let courseId: number;
  beforeAll(async () => {
    const course = await arrangeDiscussionCourse(db(), { lectures: { one: { access: "paid" } } });
    courseId = course.id;
    id = await createSurvey({ title: "Filtered survey", placement: "course_completion", course_id: course.id });
    for (const [name, how, text] of [
      ["Cora Course", "good", "From the course"],
      ["Cyryl Course", "bad", "Also from the course"],
    ] as const) {
      const student = await newStudent(server, name);
      await grantAccess(db(), student.id, course.id);
      expect((await student.client.post(`/lecture/${course.lectures.one}/complete`)).status).toBe(200);
      const sent = await student.client.post("/survey/submit", { survey_id: id, response: answer(how, text) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    // The admin moves the survey to the student area: later answers come from there, earlier ones keep their course.
    expect(
      (await admin.post(`/home/surveys/${id}`, { title: "Filtered survey", questions, placement: "student_area" }))
        .status,
    ).toBe(200);
    const late = await newStudent(server, "Stella Area");
    expect(
      (await late.client.post("/survey/submit", { survey_id: id, response: answer("bad", "From the area") })).status,
    ).toBe(200);
    // One course answer was given in January (the server's clock cannot be moved from here: the row is).
    const cora = await db()
      .selectFrom("users")
      .select("id")
      .where("name", "=", "Cora Course")
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("survey_responses")
      .set({ responded_at: "2026-01-10T12:00:00.000Z" })
      .where("user_id", "=", cora.id)
      .execute();
  });

  it("keeps the course each answer came from", async () => {
    const rows = await db()
      .selectFrom("survey_responses")
      .select(["course_id"])
      .where("survey_id", "=", id)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.course_id)).toEqual([courseId, courseId, null]);
  });

  it("count and list only the answers from the course and days chosen", async () => {
    const all = await admin.page(`/home/surveys/${id}`);
    expect(all.html).toContain("3 students answered");
    const fromCourse = await admin.page(`/home/surveys/${id}?course_id=${courseId}`);
    expect(fromCourse.html).toContain("2 students answered");
    expect(fromCourse.html).toContain("Also from the course");
    expect(fromCourse.html).not.toContain("From the area");
    expect(fromCourse.html).toMatch(/Good<\/span><span[^>]*>1 \(50%\)/);
    const january = await admin.page(`/home/surveys/${id}?from=2026-01-01&to=2026-01-31`);
    expect(january.html).toContain("1 student answered");
    expect(january.html).toContain("From the course");
    expect(january.html).not.toContain("Also from the course");
    const oneDay = await admin.page(`/home/surveys/${id}?course_id=${courseId}&from=2026-01-10&to=2026-01-10`);
    expect(oneDay.html).toContain("1 student answered");
    const after = await admin.page(`/home/surveys/${id}?from=2026-01-11`);
    expect(after.html).toContain("2 students answered");
  });

  it("say what is wrong with a filter under its field, and then show every answer", async () => {
    const wrongDate = await admin.page(`/home/surveys/${id}?from=2026-13-01`);
    expect(wrongDate.status).toBe(200);
    expect(wrongDate.html).toContain("Invalid date.");
    expect(wrongDate.html).toContain("Please correct the highlighted fields.");
    expect(wrongDate.html).toContain("3 students answered");
    const backwards = await admin.page(`/home/surveys/${id}?from=2026-02-01&to=2026-01-01`);
    expect(backwards.html).toContain("The end date must not be before the start date.");
    const wrongCourse = await admin.page(`/home/surveys/${id}?course_id=abc`);
    expect(wrongCourse.html).toContain("Please correct the highlighted fields.");
  });

  it("apply to the CSV export, a wrong filter refused before the minute's export is spent", async () => {
    const wrong = await admin.post(`/home/surveys/${id}/export`, { from: "2026-02-01", to: "2026-01-01" });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(["to"]);
    const exported = await admin.raw(`/home/surveys/${id}/export`, {
      method: "POST",
      headers: { "x-csrf-token": admin.csrfToken, accept: "text/csv", "content-type": "application/json" },
      body: JSON.stringify({ course_id: String(courseId), from: "2026-01-11" }),
    });
    expect(exported.status).toBe(200);
    const csv = (await exported.text()).trim().split("\r\n");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain("Cyryl Course");
  });
});

describe("the dashboard's voice of the student", () => {
  it("shows the latest survey answers, cancellation reasons and reviews, each linking to its screen", async () => {
    const surveyId = await createSurvey({ title: "Voice survey", placement: "student_area" });
    const student = await newStudent(server, "Vera Voice");
    expect(
      (await student.client.post("/survey/submit", { survey_id: surveyId, response: answer("good") })).status,
    ).toBe(200);
    const plan = await arrangePlan(db());
    const membership = await arrangeMembership(db(), { userId: student.id, planId: plan, status: "finished" });
    const now = nowIso();
    await db()
      .insertInto("membership_cancellations")
      .values([
        { membership_id: membership, user_id: student.id, reason: "expensive", created_at: now, answered_at: now },
        // Closed without an answer: says nothing, not listed.
        { membership_id: membership, user_id: student.id, reason: null, created_at: now, answered_at: null },
      ])
      .execute();
    const course = await arrangeDiscussionCourse(db(), { lectures: { one: { access: "free" } } });
    // Six reviews, a minute apart: the oldest is beyond the five shown.
    await db()
      .insertInto("reviews")
      .values(
        [1, 2, 3, 4, 5, 6].map((n) => ({
          course_id: course.id,
          user_id: null,
          comment_id: null,
          first_name: `Reviewer${n}`,
          rating: 10,
          title: `Review number ${n}`,
          created_at: new Date(Date.now() - (10 - n) * 60_000).toISOString(),
        })),
      )
      .execute();

    const home = await admin.page("/home");
    expect(home.status).toBe(200);
    expect(home.html).toContain("The voice of the student");
    const surveys = home.html.slice(
      home.html.indexOf('data-voice="surveys"'),
      home.html.indexOf('data-voice="cancellations"'),
    );
    expect(surveys).toContain(`href="/home/surveys/${surveyId}"`);
    expect(surveys).toContain("Voice survey");
    const reasons = home.html.slice(
      home.html.indexOf('data-voice="cancellations"'),
      home.html.indexOf('data-voice="reviews"'),
    );
    expect(reasons).toContain("It is too expensive");
    expect(reasons).toContain(`href="/home/memberships/members/${membership}"`);
    expect(reasons.match(/<li[ >]/g), reasons).toHaveLength(1);
    const reviews = home.html.slice(home.html.indexOf('data-voice="reviews"'));
    expect(reviews).toContain("Review number 6");
    expect(reviews).toContain("Review number 2");
    expect(reviews).not.toContain("Review number 1<");
    expect(reviews).toContain('href="/home/reviews"');
  });
});
