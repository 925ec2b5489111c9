// The watch page's calls over HTTP (§7): POST /lecture/{id}/watch, /notes, /star, /complete. Each works for a
// viewer who may watch the lecture, answers 401 'Log in to set progress' when logged out, 419 without the CSRF
// token, 404 for what the viewer may not watch; notes stay private to their writer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeCourse, type ArrangedCourse, giveAccess, userIdOf } from "../helpers/watch-fixtures.ts";

let server: TestServer;
let admin: BrowserClient;
let stefan: BrowserClient; // has access to the course
let anna: BrowserClient; // registered, no access
let course: ArrangedCourse;
let other: ArrangedCourse;
const stefanUser = { name: "Stefan Student", email: "stefan@example.com", password: "student-secret" };
const annaUser = { name: "Anna Other", email: "anna@example.com", password: "student-secret" };
const calls = ["watch", "notes", "star", "complete"] as const;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  stefan = await registerStudent(server, stefanUser);
  anna = await registerStudent(server, annaUser);
  const db = server.handle.db;
  course = await arrangeCourse(db, {
    slug: "watch-api",
    sections: [
      {
        title: "Start",
        lectures: [
          { title: "Free", access: "free" },
          { title: "Login", access: "login" },
          { title: "Paid", access: "paid" },
        ],
      },
      {
        title: "More",
        lectures: [
          { title: "Paid 2", access: "paid" },
          { title: "Draft", access: "free", status: "draft" },
        ],
      },
    ],
  });
  other = await arrangeCourse(db, {
    slug: "watch-api-other",
    sections: [
      {
        title: "S",
        lectures: [
          { title: "Other free", access: "free" },
          { title: "Other draft", access: "free", status: "draft" },
        ],
      },
    ],
  });
  await giveAccess(db, { userId: await userIdOf(db, stefanUser.email), courseId: course.id });
});
afterAll(() => server?.stop());

async function progressRow(email: string, lectureId: number) {
  const userId = await userIdOf(server.handle.db, email);
  return server.handle.db
    .selectFrom("lecture_progress")
    .selectAll()
    .where("user_id", "=", userId)
    .where("lecture_id", "=", lectureId)
    .executeTakeFirst();
}

describe("POST /lecture/{id}/watch", () => {
  it("records when the student last viewed the lecture", async () => {
    const before = new Date().toISOString();
    const response = await stefan.post(`/lecture/${course.lectures.Paid}/watch`);
    expect(response.status).toBe(200);
    expect(response.body.last_viewed_at >= before).toBe(true);
    const row = await progressRow(stefanUser.email, course.lectures.Paid!);
    expect(row?.last_viewed_at).toBe(response.body.last_viewed_at);
    expect(row?.course_id).toBe(course.id);

    const again = await stefan.post(`/lecture/${course.lectures.Paid}/watch`);
    expect(again.body.last_viewed_at >= response.body.last_viewed_at).toBe(true);
    expect((await progressRow(stefanUser.email, course.lectures.Paid!))?.last_viewed_at).toBe(
      again.body.last_viewed_at,
    );
  });

  it("works on a free lecture for a logged-in student without access", async () => {
    expect((await anna.post(`/lecture/${course.lectures.Free}/watch`)).status).toBe(200);
    expect((await anna.post(`/lecture/${course.lectures.Login}/watch`)).status).toBe(200);
  });
});

describe("POST /lecture/{id}/notes", () => {
  it("saves the student's note and gives it back on the watch page", async () => {
    const response = await stefan.post(`/lecture/${course.lectures.Free}/notes`, { note: "Aperture <b>first</b>" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ note: "Aperture <b>first</b>" });
    expect((await progressRow(stefanUser.email, course.lectures.Free!))?.note).toBe("Aperture <b>first</b>");
    const page = await stefan.page(`/watch-api/watch/${course.lectures.Free}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Aperture &lt;b&gt;first&lt;/b&gt;");

    expect((await stefan.post(`/lecture/${course.lectures.Free}/notes`, { note: "" })).body).toEqual({ note: "" });
    expect((await progressRow(stefanUser.email, course.lectures.Free!))?.note).toBe("");
  });

  it("keeps notes private: another student never sees them", async () => {
    await stefan.post(`/lecture/${course.lectures.Login}/notes`, { note: "stefan-secret-note" });
    await anna.post(`/lecture/${course.lectures.Login}/notes`, { note: "anna-own-note" });
    const annaPage = await anna.page(`/watch-api/watch/${course.lectures.Login}`);
    expect(annaPage.html).toContain("anna-own-note");
    expect(annaPage.html).not.toContain("stefan-secret-note");
    const stefanPage = await stefan.page(`/watch-api/watch/${course.lectures.Login}`);
    expect(stefanPage.html).toContain("stefan-secret-note");
    expect(stefanPage.html).not.toContain("anna-own-note");
    // the admin sees their own (empty) note, not a student's
    const adminPage = await admin.page(`/watch-api/watch/${course.lectures.Login}`);
    expect(adminPage.html).not.toContain("stefan-secret-note");
    expect(adminPage.html).not.toContain("anna-own-note");
  });

  it("answers 422 for a note over 10,000 characters, or one that is not text", async () => {
    const tooLong = await stefan.post(`/lecture/${course.lectures.Free}/notes`, { note: "x".repeat(10_001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.note).toEqual(["The text may not be longer than 10000 characters."]);
    expect((await stefan.post(`/lecture/${course.lectures.Free}/notes`, { note: "x".repeat(10_000) })).status).toBe(
      200,
    );
    expect((await stefan.post(`/lecture/${course.lectures.Free}/notes`, { note: 5 })).status).toBe(422);
    expect((await stefan.post(`/lecture/${course.lectures.Free}/notes`, {})).status).toBe(422);
  });
});

describe("POST /lecture/{id}/star", () => {
  it("toggles the star", async () => {
    const on = await stefan.post(`/lecture/${course.lectures.Paid}/star`);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ starred: true });
    expect((await progressRow(stefanUser.email, course.lectures.Paid!))?.starred).toBe(1);
    expect((await stefan.post(`/lecture/${course.lectures.Paid}/star`)).body).toEqual({ starred: false });
    expect((await progressRow(stefanUser.email, course.lectures.Paid!))?.starred).toBe(0);
    expect((await stefan.post(`/lecture/${course.lectures.Paid}/star`)).body).toEqual({ starred: true });
  });

  it("is per student", async () => {
    expect((await anna.post(`/lecture/${course.lectures.Free}/star`)).body).toEqual({ starred: true });
    expect((await stefan.post(`/lecture/${course.lectures.Free}/star`)).body).toEqual({ starred: true });
  });
});

describe("POST /lecture/{id}/complete", () => {
  it("toggles completion and answers the course's progress percentage", async () => {
    // four published lectures: Free, Login, Paid, Paid 2 (the draft does not count)
    const first = await stefan.post(`/lecture/${course.lectures.Free}/complete`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ completed: true, progress: 25 });
    expect((await progressRow(stefanUser.email, course.lectures.Free!))?.completed_at).toBeTruthy();
    expect((await stefan.post(`/lecture/${course.lectures["Paid 2"]}/complete`)).body).toEqual({
      completed: true,
      progress: 50,
    });
    expect((await stefan.post(`/lecture/${course.lectures.Free}/complete`)).body).toEqual({
      completed: false,
      progress: 25,
    });
    expect((await progressRow(stefanUser.email, course.lectures.Free!))?.completed_at).toBeNull();
    expect((await stefan.post(`/lecture/${course.lectures.Free}/complete`)).body).toEqual({
      completed: true,
      progress: 50,
    });
    expect((await stefan.post(`/lecture/${course.lectures.Login}/complete`)).body).toEqual({
      completed: true,
      progress: 75,
    });
    expect((await stefan.post(`/lecture/${course.lectures.Paid}/complete`)).body).toEqual({
      completed: true,
      progress: 100,
    });
  });

  it("counts each student's own lectures", async () => {
    expect((await anna.post(`/lecture/${course.lectures.Login}/complete`)).body).toEqual({
      completed: true,
      progress: 25,
    });
  });

  it("lets an admin watch and mark a paid lecture without an access row", async () => {
    expect((await admin.post(`/lecture/${course.lectures.Paid}/complete`)).body).toEqual({
      completed: true,
      progress: 25,
    });
    expect((await admin.post(`/lecture/${course.lectures.Draft}/watch`)).status).toBe(200);
  });
});

describe("the HTTP contract of every call", () => {
  it("answers 401 'Log in to set progress' to a logged-out visitor", async () => {
    const guest = await visitor(server, "/login");
    for (const call of calls) {
      const response = await guest.post(`/lecture/${course.lectures.Free}/${call}`, { note: "x" });
      expect(response.status, call).toBe(401);
      expect(response.body.message, call).toBe("Log in to set progress");
    }
  });

  it("answers 419 without the CSRF token, or with a foreign Origin, and changes nothing", async () => {
    const before = await progressRow(stefanUser.email, course.lectures.Login!);
    for (const call of calls) {
      const response = await stefan.post(
        `/lecture/${course.lectures.Login}/${call}`,
        { note: "changed" },
        { csrf: false },
      );
      expect(response.status, call).toBe(419);
      expect(response.body.message).toBe("Session expired");
      const foreign = await stefan.post(
        `/lecture/${course.lectures.Login}/${call}`,
        { note: "changed" },
        { headers: { origin: "https://evil.example" } },
      );
      expect(foreign.status, call).toBe(419);
    }
    // even a logged-out caller without a token gets 419 first
    const guest = await visitor(server, "/login");
    expect((await guest.post(`/lecture/${course.lectures.Free}/star`, {}, { csrf: false })).status).toBe(419);
    expect(await progressRow(stefanUser.email, course.lectures.Login!)).toEqual(before);
  });

  it("answers 404 for a lecture the viewer may not watch", async () => {
    const cases: [string, BrowserClient, string][] = [
      ["a paid lecture without access", anna, String(course.lectures.Paid)],
      ["another course's unpublished lecture", stefan, String(other.lectures["Other draft"])],
      ["this course's unpublished lecture", stefan, String(course.lectures.Draft)],
      ["an unknown lecture", stefan, "987654"],
      ["an id that is not a number", stefan, "abc"],
      ["an id in another notation", stefan, "1e3"],
      ["an id beyond the id range", stefan, "99999999999"],
    ];
    for (const [what, client, id] of cases) {
      for (const call of calls) {
        const response = await client.post(`/lecture/${id}/${call}`, { note: "x" });
        expect(response.status, `${what}: ${call}`).toBe(404);
      }
    }
    const annaId = await userIdOf(server.handle.db, annaUser.email);
    const rows = await server.handle.db
      .selectFrom("lecture_progress")
      .select("lecture_id")
      .where("user_id", "=", annaId)
      .execute();
    expect(rows.map((row) => row.lecture_id)).not.toContain(course.lectures.Paid);
  });

  it("answers 404 once the access has ended or been revoked, and for a draft course", async () => {
    const db = server.handle.db;
    const ended = await registerStudent(server, {
      name: "Ended",
      email: "ended@example.com",
      password: "student-secret",
    });
    await giveAccess(db, {
      userId: await userIdOf(db, "ended@example.com"),
      courseId: course.id,
      endsAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await ended.post(`/lecture/${course.lectures.Paid}/complete`)).status).toBe(404);
    const revoked = await registerStudent(server, {
      name: "Revoked",
      email: "revoked@example.com",
      password: "student-secret",
    });
    await giveAccess(db, { userId: await userIdOf(db, "revoked@example.com"), courseId: course.id, revoked: true });
    expect((await revoked.post(`/lecture/${course.lectures.Paid}/star`)).status).toBe(404);

    const draft = await arrangeCourse(db, {
      slug: "watch-api-draft",
      status: "draft",
      sections: [{ title: "S", lectures: [{ title: "D free", access: "free" }] }],
    });
    expect((await stefan.post(`/lecture/${draft.lectures["D free"]}/watch`)).status).toBe(404);
    expect((await admin.post(`/lecture/${draft.lectures["D free"]}/watch`)).status).toBe(200);
  });
});
