// Surveys over HTTP (issue 17, item 1; spec §4, §5, §7, §9): the admin's builder (rights, validation), the
// student's calls POST /survey/{id} -> {survey, responded_at}, /survey/submit -> {responded_at}, the postponement
// and /survey/due: a survey shows until answered, and not within 24 h of a postponement (the server's clock cannot
// be moved from here, so the postponement is moved back instead; core/surveys/surveys.test.ts moves the clock).
// Answers once, checked against the questions, with the §5 error keys; course surveys after a lecture or at
// completion; the write limits at their production figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeLimits } from "#server/http/route-limits.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const questions = [
  { type: "separator", title: "**About the course**" },
  { type: "textarea", title: "What would you change?", required: true, placeholder: "Tell us" },
  { type: "text", title: "Your e-mail", inputType: "email" },
  {
    type: "select",
    title: "How did you find us?",
    required: true,
    options: [
      { value: "web", label: "The web" },
      { value: "friend", label: "A friend" },
    ],
  },
  {
    type: "checkbox",
    title: "Topics you liked",
    options: [
      { value: "light", label: "Light" },
      { value: "colour", label: "Colour" },
    ],
  },
];
const goodAnswer = {
  "what-would-you-change": "More exercises",
  "how-did-you-find-us": "friend",
  "topics-you-liked": { light: "Light" },
};

let server: TestServer;
let admin: BrowserClient;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

async function createSurvey(body: Record<string, unknown>): Promise<number> {
  const response = await admin.post("/home/surveys", { title: "How is it going?", questions, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.survey.id;
}

async function due(client: BrowserClient, course_id?: number) {
  const response = await client.post("/survey/due", course_id ? { course_id } : {});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.survey as { id: number } | null;
}

/** Moves a student's postponement back in time, as if it had been made that long ago. */
async function postponedAgo(surveyId: number, userId: number, ms: number) {
  await db()
    .updateTable("survey_postponements")
    .set({ postponed_at: new Date(Date.now() - ms).toISOString() })
    .where("survey_id", "=", surveyId)
    .where("user_id", "=", userId)
    .execute();
}

describe("the admin's surveys", () => {
  it("are built, edited and deleted by the admin only, with the questions checked", async () => {
    const student = await newStudent(server, "Sara Student");
    const visitor = new BrowserClient(server.url);
    await visitor.page("/");
    const body = { title: "Mine", questions, placement: "none" };
    expect((await visitor.post("/home/surveys", body)).status).toBe(401);
    expect((await student.client.post("/home/surveys", body)).status).toBe(403);
    expect((await admin.post("/home/surveys", body, { csrf: false })).status).toBe(419);

    const noOptions = await admin.post("/home/surveys", { ...body, questions: [{ type: "select", title: "Pick" }] });
    expect(noOptions.status).toBe(422);
    expect(Object.keys(noOptions.body.errors)).toEqual(["questions.0.options"]);
    const twice = await admin.post("/home/surveys", {
      ...body,
      questions: [
        { type: "text", title: "Your name" },
        { type: "text", title: "your  NAME" },
      ],
    });
    expect(Object.keys(twice.body.errors)).toEqual(["questions.1.title"]);
    const noCourse = await admin.post("/home/surveys", { ...body, placement: "course_completion" });
    expect(Object.keys(noCourse.body.errors)).toEqual(["course_id"]);
    const otherCourse = await arrangeDiscussionCourse(db(), { lectures: { one: { access: "free" } } });
    const course = await arrangeDiscussionCourse(db(), { lectures: { one: { access: "free" } } });
    const foreignLecture = await admin.post("/home/surveys", {
      ...body,
      placement: "course_lecture",
      course_id: course.id,
      lecture_id: otherCourse.lectures.one,
    });
    expect(Object.keys(foreignLecture.body.errors)).toEqual(["lecture_id"]);

    const id = await createSurvey(body);
    const stored = await db().selectFrom("surveys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.questions)[1]).toEqual({
      type: "textarea",
      title: "What would you change?",
      placeholder: "Tell us",
      required: true,
      inputType: "text",
      options: [],
    });
    expect((await student.client.post(`/home/surveys/${id}`, body)).status).toBe(403);
    const edited = await admin.post(`/home/surveys/${id}`, { ...body, title: "Renamed" });
    expect(edited.status).toBe(200);
    expect(edited.body.survey.title).toBe("Renamed");
    expect((await student.client.post(`/home/surveys/${id}/delete`)).status).toBe(403);
    expect((await admin.post(`/home/surveys/${id}/delete`)).status).toBe(200);
    expect((await admin.post(`/home/surveys/${id}/delete`)).status).toBe(404);
  });
});

describe("a survey in the student area", () => {
  let surveyId: number;
  beforeAll(async () => {
    surveyId = await createSurvey({ title: "Student area survey", placement: "student_area" });
  });
  afterAll(async () => {
    await db().deleteFrom("surveys").where("id", "=", surveyId).execute();
  });

  it("POST /survey/{id} answers {survey, responded_at}; a visitor gets 401, an unknown id 404", async () => {
    const student = await newStudent(server, "Olek Opener");
    const opened = await student.client.post(`/survey/${surveyId}`);
    expect(opened.status).toBe(200);
    expect(opened.body.responded_at).toBeNull();
    expect(opened.body.survey).toMatchObject({ id: surveyId, title: "Student area survey", placement: "student_area" });
    expect(opened.body.survey.questions).toHaveLength(questions.length);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/");
    expect((await visitor.post(`/survey/${surveyId}`)).status).toBe(401);
    expect((await student.client.post(`/survey/999999`)).status).toBe(404);
  });

  it("shows until postponed, hides for 24 h after a postponement, and shows again after (spec §4, §9)", async () => {
    const student = await newStudent(server, "Paula Postponer");
    expect((await due(student.client))?.id).toBe(surveyId);
    const postponed = await student.client.post(`/survey/${surveyId}/postpone`);
    expect(postponed.status).toBe(200);
    expect(typeof postponed.body.postponed_at).toBe("string");
    expect(await due(student.client)).toBeNull();
    // Another student still sees it: a postponement is one student's.
    expect((await due((await newStudent(server, "Nela Neighbour")).client))?.id).toBe(surveyId);

    await postponedAgo(surveyId, student.id, 24 * 60 * 60 * 1000 - 60_000);
    expect(await due(student.client)).toBeNull();
    await postponedAgo(surveyId, student.id, 24 * 60 * 60 * 1000 + 1000);
    expect((await due(student.client))?.id).toBe(surveyId);
    // Postponing again starts another 24 h (one row per student and survey).
    expect((await student.client.post(`/survey/${surveyId}/postpone`)).status).toBe(200);
    expect(await due(student.client)).toBeNull();
    const rows = await db().selectFrom("survey_postponements").selectAll().where("user_id", "=", student.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("takes the answers once, checked against the questions, with the §5 error keys", async () => {
    const student = await newStudent(server, "Anna Answerer");
    const submit = (response: unknown) => student.client.post("/survey/submit", { survey_id: surveyId, response });

    const missing = await student.client.post("/survey/submit", { survey_id: surveyId });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["response"]);
    const empty = await submit({});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual([
      "response.how-did-you-find-us",
      "response.what-would-you-change",
    ]);
    const wrong = await submit({
      ...goodAnswer,
      "how-did-you-find-us": "tv",
      "topics-you-liked": { sound: "Sound" },
      "your-e-mail": "not an address",
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual([
      "response.how-did-you-find-us",
      "response.topics-you-liked",
      "response.your-e-mail",
    ]);
    expect(await db().selectFrom("survey_responses").selectAll().where("user_id", "=", student.id).execute()).toEqual(
      [],
    );

    const answered = await submit(goodAnswer);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(Object.keys(answered.body)).toEqual(["responded_at"]);
    const row = await db()
      .selectFrom("survey_responses")
      .selectAll()
      .where("user_id", "=", student.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.answers)).toEqual({
      "what-would-you-change": "More exercises",
      "your-e-mail": "",
      "how-did-you-find-us": "friend",
      "topics-you-liked": ["light"],
    });
    expect(row.responded_at).toBe(answered.body.responded_at);

    const again = await submit({ ...goodAnswer, "what-would-you-change": "Second thoughts" });
    expect(again.status).toBe(409);
    expect(await due(student.client)).toBeNull();
    expect((await student.client.post(`/survey/${surveyId}`)).body.responded_at).toBe(answered.body.responded_at);
    expect((await student.client.post(`/survey/${surveyId}/postpone`)).status).toBe(409);
  });

  it("records one answer when two submissions race", async () => {
    const student = await newStudent(server, "Rafał Racer");
    const statuses = await Promise.all(
      [1, 2, 3].map(
        async () => (await student.client.post("/survey/submit", { survey_id: surveyId, response: goodAnswer })).status,
      ),
    );
    expect(statuses.sort()).toEqual([200, 409, 409]);
  });

  it("is not shown to admins (they preview it in the admin area)", async () => {
    expect(await due(admin)).toBeNull();
  });
});

describe("a survey in a course", () => {
  it("shows after the chosen lecture is completed, or at the course's completion, to students with access", async () => {
    const course = await arrangeDiscussionCourse(db(), {
      lectures: { first: { access: "paid" }, second: { access: "paid" } },
    });
    const afterFirst = await createSurvey({
      title: "After the first lecture",
      placement: "course_lecture",
      course_id: course.id,
      lecture_id: course.lectures.first,
    });
    const atEnd = await createSurvey({ title: "At the end", placement: "course_completion", course_id: course.id });
    const student = await newStudent(server, "Kuba Kursant");
    const outsider = await newStudent(server, "Olga Outsider");
    await grantAccess(db(), student.id, course.id);

    expect(await due(student.client, course.id)).toBeNull();
    expect((await student.client.post(`/survey/${afterFirst}`)).status).toBe(404);
    expect((await student.client.post(`/lecture/${course.lectures.first}/complete`)).status).toBe(200);
    expect((await due(student.client, course.id))?.id).toBe(afterFirst);
    expect((await student.client.post(`/survey/${afterFirst}`)).status).toBe(200);
    // Not in the student area, and not for a member without access to the course.
    expect(await due(student.client)).toBeNull();
    expect(await due(outsider.client, course.id)).toBeNull();
    expect((await outsider.client.post(`/survey/${afterFirst}`)).status).toBe(404);
    expect((await outsider.client.post("/survey/submit", { survey_id: afterFirst, response: goodAnswer })).status).toBe(
      404,
    );

    expect((await student.client.post(`/survey/${afterFirst}/postpone`)).status).toBe(200);
    expect(await due(student.client, course.id)).toBeNull();
    expect((await student.client.post(`/survey/${atEnd}`)).status).toBe(404);
    expect((await student.client.post(`/lecture/${course.lectures.second}/complete`)).status).toBe(200);
    expect((await due(student.client, course.id))?.id).toBe(atEnd);
    expect((await student.client.post("/survey/submit", { survey_id: atEnd, response: goodAnswer })).status).toBe(200);
    expect(await due(student.client, course.id)).toBeNull();
  });
});

describe("the write limits at their production figures", () => {
  let limited: TestServer;
  afterAll(() => limited?.stop());

  it("stops a student's survey answers and postponements after the limit", async () => {
    limited = await startTestServer({ RATE_LIMIT_SCALE: "1" });
    const owner = await setUpSchool(limited, { language: "en" });
    const created = await owner.post("/home/surveys", { title: "Limited", questions, placement: "student_area" });
    const id = created.body.survey.id;
    const student = await newStudent(limited, "Lena Limit");
    const { points } = routeLimits.surveyAnswer;
    for (let n = 1; n <= points; n++) expect((await student.client.post(`/survey/${id}/postpone`)).status).toBe(200);
    const refused = await student.client.post("/survey/submit", { survey_id: id, response: goodAnswer });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.handle.db.selectFrom("survey_responses").selectAll().execute()).toEqual([]);
  });
});

describe("the admin's answers page", () => {
  it("shows counts and percentages for choices and the texts for open questions, to the admin only", async () => {
    const id = await createSurvey({ title: "Results survey", placement: "student_area" });
    for (const [name, found, change] of [
      ["Ewa One", "friend", "Shorter videos"],
      ["Jan Two", "web", "More <b>exercises</b>"],
    ] as const) {
      const student = await newStudent(server, name);
      const answer = { ...goodAnswer, "how-did-you-find-us": found, "what-would-you-change": change };
      expect((await student.client.post("/survey/submit", { survey_id: id, response: answer })).status).toBe(200);
    }
    const page = await admin.page(`/home/surveys/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("2 students answered");
    expect(page.html).toMatch(/A friend<\/span><span[^>]*>1 \(50%\)/);
    expect(page.html).toMatch(/Light<\/span><span[^>]*>2 \(100%\)/);
    expect(page.html).toContain("Shorter videos");
    expect(page.html).toContain("More &lt;b&gt;exercises&lt;/b&gt;");
    // The CSV export: one row per student, chosen labels; one export per admin per minute.
    const exported = await admin.raw(`/home/surveys/${id}/export`, {
      method: "POST",
      headers: { "x-csrf-token": admin.csrfToken, accept: "text/csv" },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    // A byte order mark first (Excel reads Polish letters right); text() would drop it.
    const bytes = Buffer.from(await exported.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString("utf8");
    expect(csv.startsWith("responded_at,name,email,What would you change?,Your e-mail,How did you find us?")).toBe(
      true,
    );
    expect(csv).toContain("Ewa One");
    expect(csv).toContain("A friend");
    expect(csv.trim().split("\r\n")).toHaveLength(3);
    const again = await admin.post(`/home/surveys/${id}/export`);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("You can only make one export per minute");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    const list = await admin.page("/home/surveys");
    expect(list.html).toContain("Results survey");
    const student = await newStudent(server, "Nosy Student");
    expect((await student.client.page(`/home/surveys/${id}`)).status).toBe(404);
    expect((await student.client.post(`/home/surveys/${id}/export`)).status).toBe(403);
  });
});
