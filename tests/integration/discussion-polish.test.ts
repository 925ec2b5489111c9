// The discussion's messages in a Polish school (spec §1, §5): 422 for too short and too long comments and
// replies, 401 and 419, and the lecture discussion's login prompt in Polish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  newStudent,
  postComment,
} from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let course: DiscussionCourse<"free">;
let student: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "pl" });
  course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
  student = await newStudent(server, "Zofia Studentka");
});
afterAll(() => server?.stop());

describe("a Polish school", () => {
  it("answers 422 in Polish for a comment below 2 and above 1200 characters", async () => {
    const short = await student.client.post("/comments", { type: "lecture", id: course.lectures.free, body: "a" });
    expect(short.status).toBe(422);
    expect(short.body.errors.body).toEqual(["Minimum znaków: 2."]);
    const long = await student.client.post("/comments", {
      type: "lecture",
      id: course.lectures.free,
      body: "ż".repeat(1250),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.body).toEqual(["Treść nie może mieć więcej niż 1200 znaków (ma 1250)."]);
    expect(long.body.message).toBe("Treść nie może mieć więcej niż 1200 znaków (ma 1250).");
  });

  it("answers 422 in Polish for a short reply, and 401 / 419 in Polish", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Pytanie o ekspozycję");
    const reply = await student.client.post(`/comment/${comment.id}/reply`, { body: "k" });
    expect(reply.body.errors.body).toEqual(["Minimum znaków: 2."]);
    const guest = new BrowserClient(server.url);
    await guest.page("/login");
    const unauthenticated = await guest.post("/comments", { type: "lecture", id: course.lectures.free, body: "Cześć" });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body.message).toBe("Zaloguj się");
    const expired = await student.client.post("/vote", { type: "comment", id: comment.id, value: 1 }, { csrf: false });
    expect(expired.status).toBe(419);
    expect(expired.body.message).toBe("Sesja wygasła");
  });
});
