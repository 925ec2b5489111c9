// Exams over HTTP (issue 17, item 2): the admin's builder (rights, validation, delete or archive); attempts
// enforced on the server: a start gives a deadline and drawn questions, a refresh resumes them, answers autosave,
// a late save is refused and a late submission counts only what was saved by the deadline (the server's clock
// cannot be moved from here, so the deadline is moved back instead; core/exams/exams.test.ts moves the clock),
// attempts are counted (exhausted -> 409 with its message), parallel starts make one attempt and parallel submits
// score once; open answers go to the grading queue and the student is mailed when graded; the deadline job closes
// forgotten attempts; another student's attempt is 404; statistics need an admin; hasPassedCourseExam.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPassedCourseExam } from "#core/exams/has-passed-course-exam.ts";
import { closeExpiredAttempts } from "#core/exams/close-expired-attempts.ts";
import { getExamStats } from "#core/exams/get-exam-stats.ts";
import { nowIso } from "#platform/db/connection.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";

const choice = (title: string, correct: string, points = 1) => ({
  type: "single",
  title,
  points,
  options: [
    { value: "a", label: "Answer A", correct: correct === "a" },
    { value: "b", label: "Answer B", correct: correct === "b" },
  ],
});
const pool = [
  choice("Question one", "a"),
  choice("Question two", "b"),
  choice("Question three", "a"),
  {
    type: "multiple",
    title: "Question four",
    points: 1,
    options: [
      { value: "x", label: "X", correct: true },
      { value: "y", label: "Y", correct: true },
      { value: "z", label: "Z", correct: false },
    ],
  },
];
const correctOf: Record<string, unknown> = {
  "question-one": "a",
  "question-two": "b",
  "question-three": "a",
  "question-four": ["x", "y"],
};
const wrongOf: Record<string, unknown> = {
  "question-one": "b",
  "question-two": "a",
  "question-three": "b",
  "question-four": ["z"],
};

let server: TestServer;
let admin: BrowserClient;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

async function courseWithStudent() {
  const course = await arrangeDiscussionCourse(db(), { lectures: { one: { access: "paid" } } });
  const student = await newStudent(server);
  await grantAccess(db(), student.id, course.id);
  return { course, student };
}

async function createExam(body: Record<string, unknown>): Promise<number> {
  const response = await admin.post("/home/exams", { title: "Final exam", questions: pool, pass_percent: 60, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.exam.id;
}

type Attempt = {
  id: number;
  deadline_at: string | null;
  questions: { title: string }[];
  answers: Record<string, unknown>;
};

async function start(client: BrowserClient, examId: number): Promise<Attempt> {
  const response = await client.post(`/my/exams/${examId}/start`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.attempt;
}

const keysOf = (attempt: Attempt) => attempt.questions.map((q) => q.title.toLowerCase().replace(" ", "-"));
const answersFor = (attempt: Attempt, source: Record<string, unknown>) =>
  Object.fromEntries(keysOf(attempt).map((key) => [key, source[key]]));

describe("the admin's exams", () => {
  it("are built, edited, and deleted or archived by the admin only, with the questions checked", async () => {
    const { course, student } = await courseWithStudent();
    const body = { title: "Mine", questions: pool, pass_percent: 60, course_id: course.id };
    expect((await student.client.post("/home/exams", body)).status).toBe(403);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/");
    expect((await visitor.post("/home/exams", body)).status).toBe(401);

    const invalid = await admin.post("/home/exams", {
      ...body,
      draw_count: 9,
      questions: [
        { ...choice("Same", "a"), options: [{ value: "a", label: "A", correct: true }] },
        choice("same", "a"),
      ],
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(
      expect.arrayContaining(["questions.0.options", "questions.1.title", "draw_count"]),
    );
    expect(invalid.body.errors["questions.0.options"][0]).toBe("Add at least two options.");

    const id = await createExam({ course_id: course.id });
    const edited = await admin.post(`/home/exams/${id}`, { ...body, title: "Renamed", max_attempts: "2" });
    expect(edited.status).toBe(200);
    expect(edited.body.exam).toMatchObject({ title: "Renamed", max_attempts: 2 });
    expect((await admin.page("/home/exams")).html).toContain("Renamed");

    // Without attempts it goes; with attempts it is archived and takes no new attempt.
    const spare = await createExam({ course_id: course.id });
    expect((await admin.post(`/home/exams/${spare}/delete`)).body).toMatchObject({ archived: false });
    expect(await db().selectFrom("exams").select("id").where("id", "=", spare).executeTakeFirst()).toBeUndefined();
    await start(student.client, id);
    expect((await admin.post(`/home/exams/${id}/delete`)).body).toMatchObject({ archived: true });
    const other = await newStudent(server);
    await grantAccess(db(), other.id, course.id);
    const refused = await other.client.post(`/my/exams/${id}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This exam is closed to new attempts.");
  });
});

describe("attempts", () => {
  it("start with a server deadline and drawn questions; a refresh resumes them with the saved answers", async () => {
    const { course, student } = await courseWithStudent();
    const id = await createExam({ course_id: course.id, draw_count: 3, time_limit_minutes: 10 });
    const before = Date.now();
    const attempt = await start(student.client, id);
    expect(attempt.questions).toHaveLength(3);
    expect(JSON.stringify(attempt.questions)).not.toContain("correct");
    const deadline = Date.parse(attempt.deadline_at!);
    expect(deadline - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(deadline - before).toBeLessThanOrEqual(10 * 60_000 + 5000);

    const [first] = keysOf(attempt);
    const saved = await student.client.json("PUT", `/my/exams/attempts/${attempt.id}/answers`, {
      answers: { [first!]: correctOf[first!] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A second start (a refresh, another tab) is the same attempt with the same questions and the saved answer.
    const again = await start(student.client, id);
    expect(again.id).toBe(attempt.id);
    expect(again.questions).toEqual(attempt.questions);
    expect(again.answers).toEqual({ [first!]: correctOf[first!] });
    const page = await student.client.page(`/my/exams/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(attempt.questions[0]!.title);

    // An answer to a question not drawn, or an option that is not one, is refused.
    const notDrawn = pool
      .map((q) => q.title.toLowerCase().replace(" ", "-"))
      .find((k) => !keysOf(attempt).includes(k))!;
    const wrongKey = await student.client.json("PUT", `/my/exams/attempts/${attempt.id}/answers`, {
      answers: { [notDrawn]: "a" },
    });
    expect(wrongKey.status).toBe(422);
    expect(Object.keys(wrongKey.body.errors)).toEqual([`answers.${notDrawn}`]);
  });

  it("refuses a save after the deadline and scores a late submission with what was saved by then", async () => {
    const { course, student } = await courseWithStudent();
    const id = await createExam({ course_id: course.id, time_limit_minutes: 5 });
    const attempt = await start(student.client, id);
    const keys = keysOf(attempt);
    const put = (answers: Record<string, unknown>) =>
      student.client.json("PUT", `/my/exams/attempts/${attempt.id}/answers`, { answers });
    expect((await put({ [keys[0]!]: correctOf[keys[0]!], [keys[1]!]: correctOf[keys[1]!] })).status).toBe(200);
    // The deadline passes (moved back in time), the saved answers having been saved before it.
    const deadline = new Date(Date.now() - 1000).toISOString();
    await db()
      .updateTable("exam_answers")
      .set({ saved_at: new Date(Date.now() - 60_000).toISOString() })
      .where("attempt_id", "=", attempt.id)
      .execute();
    await db().updateTable("exam_attempts").set({ deadline_at: deadline }).where("id", "=", attempt.id).execute();
    const late = await put({ [keys[2]!]: correctOf[keys[2]!], [keys[3]!]: correctOf[keys[3]!] });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain("Time is up");
    const submitted = await student.client.post(`/my/exams/attempts/${attempt.id}/submit`);
    expect(submitted.status).toBe(200);
    // 2 of 4 points saved in time: 50% < 60%.
    expect(submitted.body.result.attempt).toMatchObject({ status: "graded", score: 2, max_score: 4, passed: false });
    const row = await db()
      .selectFrom("exam_attempts")
      .selectAll()
      .where("id", "=", attempt.id)
      .executeTakeFirstOrThrow();
    expect(row.submitted_at).toBe(deadline);
  });

  it("are counted on the server: exhausted attempts answer 409 with a message; fail, then pass", async () => {
    const { course, student } = await courseWithStudent();
    const id = await createExam({ course_id: course.id, max_attempts: 2, required_for_completion: true });
    expect(await hasPassedCourseExam(db(), { userId: student.id, courseId: course.id })).toEqual({
      required: true,
      passed: false,
    });
    const first = await start(student.client, id);
    await student.client.json("PUT", `/my/exams/attempts/${first.id}/answers`, { answers: answersFor(first, wrongOf) });
    const failed = await student.client.post(`/my/exams/attempts/${first.id}/submit`);
    expect(failed.body.result.attempt).toMatchObject({ passed: false, score: 0 });
    const second = await start(student.client, id);
    expect(second.id).not.toBe(first.id);
    await student.client.json("PUT", `/my/exams/attempts/${second.id}/answers`, {
      answers: answersFor(second, correctOf),
    });
    const passed = await student.client.post(`/my/exams/attempts/${second.id}/submit`);
    expect(passed.body.result.attempt).toMatchObject({ passed: true, score: 4 });
    const third = await student.client.post(`/my/exams/${id}/start`);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe("You have used all your attempts at this exam.");
    expect(await hasPassedCourseExam(db(), { userId: student.id, courseId: course.id })).toEqual({
      required: true,
      passed: true,
    });
    // After the last attempt a closed attempt takes no more answers.
    const closed = await student.client.json("PUT", `/my/exams/attempts/${second.id}/answers`, { answers: {} });
    expect(closed.status).toBe(409);
  });

  it("make one attempt of parallel starts, and score once of parallel submits", async () => {
    const { course, student } = await courseWithStudent();
    const id = await createExam({ course_id: course.id, max_attempts: 1 });
    const starts = await Promise.all(Array.from({ length: 6 }, () => student.client.post(`/my/exams/${id}/start`)));
    expect(starts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(starts.map((r) => r.body.attempt.id)).size).toBe(1);
    const attemptId = starts[0]!.body.attempt.id;
    const count = await db().selectFrom("exam_attempts").select("id").where("exam_id", "=", id).execute();
    expect(count).toHaveLength(1);
    await student.client.json("PUT", `/my/exams/attempts/${attemptId}/answers`, {
      answers: answersFor(starts[0]!.body.attempt, correctOf),
    });
    const submits = await Promise.all(
      Array.from({ length: 5 }, () => student.client.post(`/my/exams/attempts/${attemptId}/submit`)),
    );
    expect(submits.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(submits.map((r) => r.body.result.attempt.submitted_at)).size).toBe(1);
    expect(submits.every((r) => r.body.result.attempt.score === 4)).toBe(true);
  });

  it("are closed by the deadline job when nobody hands them in", async () => {
    const { course, student } = await courseWithStudent();
    const id = await createExam({ course_id: course.id, time_limit_minutes: 1 });
    const attempt = await start(student.client, id);
    const [key] = keysOf(attempt);
    await student.client.json("PUT", `/my/exams/attempts/${attempt.id}/answers`, {
      answers: { [key!]: correctOf[key!] },
    });
    expect(await closeExpiredAttempts(db(), nowIso())).toBe(0);
    expect(await closeExpiredAttempts(db(), nowIso(61_000))).toBeGreaterThanOrEqual(1);
    const row = await db()
      .selectFrom("exam_attempts")
      .selectAll()
      .where("id", "=", attempt.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "graded", closed_by: "deadline", score: 1 });
  });

  it("of another student are 404, and an exam without access is 404", async () => {
    const { course, student } = await courseWithStudent();
    const id = await createExam({ course_id: course.id });
    const attempt = await start(student.client, id);
    const stranger = await newStudent(server);
    expect((await stranger.client.post(`/my/exams/${id}/start`)).status).toBe(404);
    await grantAccess(db(), stranger.id, course.id);
    const put = await stranger.client.json("PUT", `/my/exams/attempts/${attempt.id}/answers`, { answers: {} });
    expect(put.status).toBe(404);
    expect((await stranger.client.post(`/my/exams/attempts/${attempt.id}/submit`)).status).toBe(404);
    expect((await stranger.client.page(`/my/exams/${id}/attempts/${attempt.id}`)).status).toBe(404);
  });

  it("of a product's exam need the product", async () => {
    const now = nowIso();
    const product = await db()
      .insertInto("products")
      .values({
        kind: "file",
        slug: `exam-product-${Date.now()}`,
        title: "Exam ticket",
        currency: "EUR",
        created_at: now,
        updated_at: now,
        course_id: null,
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
    const id = await createExam({ product_id: product.id });
    const student = await newStudent(server);
    expect((await student.client.post(`/my/exams/${id}/start`)).status).toBe(404);
    await db()
      .insertInto("product_access")
      .values({
        user_id: student.id,
        product_id: product.id,
        transaction_id: null,
        starts_at: now,
        ends_at: null,
        revoked_at: null,
        created_at: now,
      })
      .execute();
    expect((await student.client.post(`/my/exams/${id}/start`)).status).toBe(200);
  });
});

describe("grading and statistics", () => {
  it("queues open answers for the admin, mails the student when graded, and counts per question", async () => {
    const { course, student } = await courseWithStudent();
    const questions = [choice("Pick one", "a", 2), { type: "textarea", title: "Explain light", points: 3 }];
    const id = await createExam({ course_id: course.id, questions, show_answers: "after_passing" });
    const attempt = await start(student.client, id);
    await student.client.json("PUT", `/my/exams/attempts/${attempt.id}/answers`, {
      answers: { "pick-one": "a", "explain-light": "Light bends around corners" },
    });
    const submitted = await student.client.post(`/my/exams/attempts/${attempt.id}/submit`);
    expect(submitted.body.result.attempt).toMatchObject({ status: "grading", score: null, passed: null });
    const waiting = await student.client.page(`/my/exams/${id}/attempts/${attempt.id}`);
    expect(waiting.html).toContain("Awaiting grading");

    const queue = await admin.page("/home/exams/grading");
    expect(queue.html).toContain("Light bends around corners");
    expect((await student.client.page("/home/exams/grading")).status).toBe(404);
    expect((await student.client.post(`/home/exams/attempts/${attempt.id}/grade`, { grades: [] })).status).toBe(403);
    const tooMany = await admin.post(`/home/exams/attempts/${attempt.id}/grade`, {
      grades: [{ key: "explain-light", points: 4 }],
    });
    expect(tooMany.status).toBe(422);
    const graded = await admin.post(`/home/exams/attempts/${attempt.id}/grade`, {
      grades: [{ key: "explain-light", points: 2, comment: "Mostly right" }],
    });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    expect(graded.body).toMatchObject({ status: "graded", score: 4, passed: true });
    expect(
      (await admin.post(`/home/exams/attempts/${attempt.id}/grade`, { grades: [{ key: "explain-light", points: 1 }] }))
        .status,
    ).toBe(409);

    const mail = await waitFor(() =>
      db().selectFrom("mails").selectAll().where("to_address", "=", student.email).executeTakeFirst(),
    );
    expect(mail.subject).toBe("Your exam “Final exam” has been graded");
    expect(mail.text_body).toContain("4 of 5 points. You passed.");
    const result = await student.client.page(`/my/exams/${id}/attempts/${attempt.id}`);
    expect(result.html).toContain("Mostly right");

    const stats = await getExamStats(db(), { kind: "admin", userId: 1 }, id);
    expect(stats).toMatchObject({ attempts: 1, graded: 1, passed: 1, pass_rate: 100 });
    expect(stats.questions).toEqual([
      { key: "pick-one", title: "Pick one", answered: 1, correct: 1 },
      { key: "explain-light", title: "Explain light", answered: 1, correct: 0 },
    ]);
    expect((await student.client.page(`/home/exams/${id}`)).status).toBe(404);
    const statsPage = await admin.page(`/home/exams/${id}`);
    expect(statsPage.status).toBe(200);
    expect(statsPage.html).toContain("Explain light");
  });
});

describe("an exam that completes its course", () => {
  it("issues the certificate once the required exam is passed after the last lecture, not before", async () => {
    const { course, student } = await courseWithStudent();
    const template = await admin.post(`/home/courses/${course.id}/certificate-template`, { enabled: true });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const examId = await createExam({ course_id: course.id, required_for_completion: true, draw_count: 4 });
    const certificates = () =>
      db()
        .selectFrom("certificates")
        .select("id")
        .where("user_id", "=", student.id)
        .where("course_id", "=", course.id)
        .execute();

    expect((await student.client.post(`/lecture/${course.lectures.one}/complete`)).status).toBe(200);
    // The lecture path's job runs and finds the exam not passed: no certificate.
    await waitFor(async () => {
      const jobs = await db()
        .selectFrom("jobs")
        .select("status")
        .where("unique_key", "=", `certificate:${student.id}:${course.id}`)
        .execute();
      return jobs.length === 1 && jobs[0]!.status === "done" ? true : undefined;
    });
    expect(await certificates()).toEqual([]);

    const attempt = await start(student.client, examId);
    const saved = await student.client.json("PUT", `/my/exams/attempts/${attempt.id}/answers`, {
      answers: answersFor(attempt, correctOf),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const submitted = await student.client.post(`/my/exams/attempts/${attempt.id}/submit`);
    expect(submitted.body.result.attempt).toMatchObject({ status: "graded", passed: true });
    await waitFor(async () => ((await certificates()).length === 1 ? true : undefined));
  });
});
