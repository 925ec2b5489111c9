// The lecture discussion's comments over HTTP (spec §3, §5, §6, §7): POST /comments, POST /json/lectures/:id/
// comments, DELETE /comments/:id and POST /comments/:id/review, with the contract's 401, 419, 422, 403 and 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCacheVersion } from "#platform/cache/versions.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  grantAccess,
  newStudent,
  postComment,
  postReply,
  userIdOf,
} from "../helpers/discussion-fixtures.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"free" | "login" | "paid" | "draft">;
let student: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  course = await arrangeDiscussionCourse(server.handle.db, {
    lectures: {
      free: { access: "free" },
      login: { access: "login" },
      paid: { access: "paid" },
      draft: { access: "free", status: "draft" },
    },
  });
  student = await newStudent(server, "Stefan Student");
});
afterAll(() => server?.stop());

async function visitor() {
  const client = new BrowserClient(server.url);
  await client.page("/login");
  return client;
}

describe("POST /comments", () => {
  it("creates a comment in the §3 shape, trimmed, by a student", async () => {
    const response = await student.client.post("/comments", {
      type: "lecture",
      id: course.lectures.free,
      body: "  Great lecture!  ",
      file: 0,
    });
    expect(response.status).toBe(200);
    const { comment } = response.body;
    expect(comment).toEqual({
      id: expect.any(Number),
      body: "Great lecture!",
      ownable: { id: student.id, name: "Stefan Student" },
      by_admin: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      replies_count: 0,
      replies: [],
      bunny_id: null,
      bunny_status: null,
      video_id: null,
      votes: [],
      up_votes_count: 0,
    });
    const row = await server.handle.db
      .selectFrom("comments")
      .selectAll()
      .where("id", "=", comment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      commentable_type: "lecture",
      commentable_id: course.lectures.free,
      user_id: student.id,
      by_admin: 0,
    });
  });

  it("marks an admin's comment by_admin (an admin's own name links to no student page)", async () => {
    const comment = await postComment(admin, course.lectures.free, "Welcome, everyone");
    const ownerId = await userIdOf(server.handle.db, owner.email);
    expect(comment.by_admin).toBe(1);
    expect(comment.ownable).toEqual({ id: ownerId, name: owner.name });
  });

  it("answers 401 'Log in' to a visitor", async () => {
    const response = await (
      await visitor()
    ).post("/comments", { type: "lecture", id: course.lectures.free, body: "Hello there" });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Log in");
  });

  it("answers 419 without the CSRF token, and stores nothing", async () => {
    const before = await server.handle.db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const response = await student.client.post(
      "/comments",
      { type: "lecture", id: course.lectures.free, body: "Sneaky" },
      { csrf: false },
    );
    expect(response.status).toBe(419);
    const after = await server.handle.db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers 422 below 2 characters, and when only spaces were sent", async () => {
    const short = await student.client.post("/comments", { type: "lecture", id: course.lectures.free, body: " a " });
    expect(short.status).toBe(422);
    expect(short.body.errors.body).toEqual(["Minimum characters: 2."]);
    const blank = await student.client.post("/comments", { type: "lecture", id: course.lectures.free, body: "    " });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.body).toEqual(["This field is required."]);
  });

  it("accepts 1200 characters and answers 422 with the limit and the length above it", async () => {
    const longest = await student.client.post("/comments", {
      type: "lecture",
      id: course.lectures.free,
      body: "x".repeat(1200),
    });
    expect(longest.status).toBe(200);
    const tooLong = await student.client.post("/comments", {
      type: "lecture",
      id: course.lectures.free,
      body: "y".repeat(1201),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.body).toEqual(["The text may not be longer than 1200 characters (it has 1201)."]);
  });

  it("offers a video only for community posts: file 1 on a lecture is a 422", async () => {
    const response = await student.client.post("/comments", {
      type: "lecture",
      id: course.lectures.free,
      body: "With a video",
      file: 1,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.file).toEqual(["A video can be attached only to community posts."]);
  });

  it("answers 422 for an unknown type, 404 for a post or a lecture that does not exist", async () => {
    expect((await student.client.post("/comments", { type: "course", id: 1, body: "Hello" })).status).toBe(422);
    expect((await student.client.post("/comments", { type: "post", id: 1, body: "Hello" })).status).toBe(404);
    expect((await student.client.post("/comments", { type: "lecture", id: 999999, body: "Hello" })).status).toBe(404);
  });

  it("lets a student comment on a login-required lecture", async () => {
    await postComment(student.client, course.lectures.login);
  });

  it("refuses a paid lecture without access (404), and allows it with access", async () => {
    const buyer = await newStudent(server, "Bea Buyer");
    const refused = await buyer.client.post("/comments", {
      type: "lecture",
      id: course.lectures.paid,
      body: "Can I see this?",
    });
    expect(refused.status).toBe(404);
    await grantAccess(server.handle.db, buyer.id, course.id);
    await postComment(buyer.client, course.lectures.paid, "Now I can");
  });

  it("refuses a draft lecture to students (404); the admin may comment while previewing", async () => {
    const response = await student.client.post("/comments", {
      type: "lecture",
      id: course.lectures.draft,
      body: "Early bird",
    });
    expect(response.status).toBe(404);
    await postComment(admin, course.lectures.draft, "Note to self");
  });

  it("refuses a lecture of a draft course (404)", async () => {
    const draft = await arrangeDiscussionCourse(server.handle.db, {
      status: "draft",
      lectures: { free: { access: "free" } },
    });
    expect(
      (await student.client.post("/comments", { type: "lecture", id: draft.lectures.free, body: "Hello" })).status,
    ).toBe(404);
  });
});

describe("POST /json/lectures/:id/comments", () => {
  let lecture: number;
  const bodies = Array.from({ length: 5 }, (_, i) => `Comment number ${i + 1}`);

  beforeAll(async () => {
    const other = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
    lecture = other.lectures.free;
    for (const body of bodies) await postComment(student.client, lecture, body);
  });

  it("lists newest first, a page at a time, continuing below the last one shown", async () => {
    const first = await student.client.post(`/json/lectures/${lecture}/comments`, { length: 2 });
    expect(first.status).toBe(200);
    expect(first.body.comments.map((c: any) => c.body)).toEqual(["Comment number 5", "Comment number 4"]);
    expect(first.body.more).toBe(true);
    const second = await student.client.post(`/json/lectures/${lecture}/comments`, {
      length: 2,
      before: first.body.comments[1].id,
    });
    expect(second.body.comments.map((c: any) => c.body)).toEqual(["Comment number 3", "Comment number 2"]);
    const last = await student.client.post(`/json/lectures/${lecture}/comments`, {
      length: 2,
      before: second.body.comments[1].id,
    });
    expect(last.body.comments.map((c: any) => c.body)).toEqual(["Comment number 1"]);
    expect(last.body.more).toBe(false);
  });

  it("gives 20 by default and refuses a page over 50 (422)", async () => {
    const all = await student.client.post(`/json/lectures/${lecture}/comments`);
    expect(all.body.comments).toHaveLength(5);
    expect((await student.client.post(`/json/lectures/${lecture}/comments`, { length: 51 })).status).toBe(422);
  });

  it("shows the author link only to admins", async () => {
    const asStudent = await student.client.post(`/json/lectures/${lecture}/comments`);
    expect(asStudent.body.comments[0].ownable).toEqual({ id: student.id, name: "Stefan Student" });
    const asAdmin = await admin.post(`/json/lectures/${lecture}/comments`);
    expect(asAdmin.body.comments[0].ownable.url).toBe(`/home/students/${student.id}`);
  });

  it("answers 401 to a visitor, 419 without the token, 404 for a paid lecture without access or an unknown one", async () => {
    expect((await (await visitor()).post(`/json/lectures/${lecture}/comments`)).status).toBe(401);
    expect((await student.client.post(`/json/lectures/${lecture}/comments`, {}, { csrf: false })).status).toBe(419);
    expect((await student.client.post(`/json/lectures/${course.lectures.paid}/comments`)).status).toBe(404);
    expect((await student.client.post(`/json/lectures/abc/comments`)).status).toBe(404);
    expect((await student.client.post(`/json/lectures/99999999999/comments`)).status).toBe(404);
  });
});

describe("DELETE /comments/:id", () => {
  it("lets a student delete their own comment, with its replies and votes", async () => {
    const comment = await postComment(student.client, course.lectures.free, "I will delete this");
    const reply = await postReply(admin, comment.id, "An admin's answer");
    expect((await admin.post("/vote", { type: "comment", id: comment.id, value: 1 })).status).toBe(200);
    expect((await admin.post("/vote", { type: "reply", id: reply.id, value: 1 })).status).toBe(200);

    const response = await student.client.json("DELETE", `/comments/${comment.id}`);
    expect(response.status).toBe(200);
    const db = server.handle.db;
    expect(
      await db.selectFrom("comments").select("id").where("id", "=", comment.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await db.selectFrom("replies").select("id").where("comment_id", "=", comment.id).execute()).toEqual([]);
    const votes = await db
      .selectFrom("votes")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("votable_type", "=", "comment"), eb("votable_id", "=", comment.id)]),
          eb.and([eb("votable_type", "=", "reply"), eb("votable_id", "=", reply.id)]),
        ]),
      )
      .execute();
    expect(votes).toEqual([]);
  });

  it("answers 404 for another student's comment, whether they can see it or not (SECURITY.md: IDOR)", async () => {
    const other = await newStudent(server, "Olek Other");
    const visible = await postComment(student.client, course.lectures.free, "Mine, on a free lecture");
    expect((await other.client.json("DELETE", `/comments/${visible.id}`)).status).toBe(404);

    const paidOwner = await newStudent(server, "Paula Paid");
    await grantAccess(server.handle.db, paidOwner.id, course.id);
    const hidden = await postComment(paidOwner.client, course.lectures.paid, "Mine, on a paid lecture");
    expect((await other.client.json("DELETE", `/comments/${hidden.id}`)).status).toBe(404);
    expect((await other.client.json("DELETE", `/comments/999999`)).status).toBe(404);
    // still there
    expect(
      await server.handle.db.selectFrom("comments").select("id").where("id", "in", [visible.id, hidden.id]).execute(),
    ).toHaveLength(2);
  });

  it("lets an admin delete anyone's comment; a student cannot delete an admin's (404: not theirs)", async () => {
    const studentComment = await postComment(student.client, course.lectures.free, "Delete me, admin");
    expect((await admin.json("DELETE", `/comments/${studentComment.id}`)).status).toBe(200);
    const adminComment = await postComment(admin, course.lectures.free, "From the school");
    expect((await student.client.json("DELETE", `/comments/${adminComment.id}`)).status).toBe(404);
    expect((await admin.json("DELETE", `/comments/${adminComment.id}`)).status).toBe(200);
  });

  it("answers 401 to a visitor and 419 without the token", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Keep me");
    expect((await (await visitor()).json("DELETE", `/comments/${comment.id}`)).status).toBe(401);
    expect((await student.client.json("DELETE", `/comments/${comment.id}`, undefined, { csrf: false })).status).toBe(
      419,
    );
    expect(
      await server.handle.db.selectFrom("comments").select("id").where("id", "=", comment.id).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe("POST /comments/:id/review", () => {
  it("turns a comment into an approved review of the lecture's course, and moves the catalog cache version", async () => {
    const author = await newStudent(server, "Rita Reviewer-Smith Jones");
    const comment = await postComment(author.client, course.lectures.free, "This course changed how I take photos.");
    const versionBefore = await readCacheVersion(server.handle.db, "catalog");

    const response = await admin.post(`/comments/${comment.id}/review`, { rating: 10 });
    expect(response.status).toBe(200);
    expect(response.body.review).toMatchObject({
      rating: 10,
      first_name: "Rita",
      body: "This course changed how I take photos.",
      course: { slug: course.slug },
    });
    const row = await server.handle.db
      .selectFrom("reviews")
      .selectAll()
      .where("comment_id", "=", comment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      course_id: course.id,
      user_id: author.id,
      first_name: "Rita",
      rating: 10,
      status: "approved",
      body: comment.body,
    });
    expect(await readCacheVersion(server.handle.db, "catalog")).toBe(versionBefore + 1);

    // Again with another rating: the same review changes.
    expect((await admin.post(`/comments/${comment.id}/review`, { rating: 1 })).status).toBe(200);
    const rows = await server.handle.db
      .selectFrom("reviews")
      .select(["rating"])
      .where("comment_id", "=", comment.id)
      .execute();
    expect(rows).toEqual([{ rating: 1 }]);
  });

  it("takes the neutral rating 5 too", async () => {
    const comment = await postComment(student.client, course.lectures.free, "It was fine.");
    expect((await admin.post(`/comments/${comment.id}/review`, { rating: 5 })).body.review.rating).toBe(5);
  });

  it("answers 422 for another rating, 403 to a student (own comment), 404 to a student (another's), 401 to a visitor, 419 without the token, 404 for no comment", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Review me, please");
    const bad = await admin.post(`/comments/${comment.id}/review`, { rating: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.rating).toEqual(["Choose one of the options."]);
    expect((await student.client.post(`/comments/${comment.id}/review`, { rating: 10 })).status).toBe(403);
    const other = await newStudent(server, "Olga Other");
    expect((await other.client.post(`/comments/${comment.id}/review`, { rating: 10 })).status).toBe(404);
    expect((await (await visitor()).post(`/comments/${comment.id}/review`, { rating: 10 })).status).toBe(401);
    expect((await admin.post(`/comments/${comment.id}/review`, { rating: 10 }, { csrf: false })).status).toBe(419);
    expect((await admin.post(`/comments/999999/review`, { rating: 10 })).status).toBe(404);
    expect(
      await server.handle.db.selectFrom("reviews").select("id").where("comment_id", "=", comment.id).execute(),
    ).toEqual([]);
  });
});
