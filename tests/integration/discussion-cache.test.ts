// The discussion cache (core/discussion/discussion-cache.ts): comment pages and reply lists are kept as everybody
// of a kind sees them and only the viewer's own votes are looked up per request. Each reader still gets their own
// votes; a write through the server shows at the very next read; a write by another process (here: the test's own
// connection) shows within MAX_AGE_MS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_PLACE_MEMO_MS } from "#core/discussion/commentable.ts";
import { MAX_AGE_MS } from "#core/discussion/discussion-cache.ts";
import { type BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  newStudent,
  postComment,
  postReply,
} from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"free" | "other">;
let anna: Awaited<ReturnType<typeof newStudent>>;
let bob: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  course = await arrangeDiscussionCourse(server.handle.db, {
    lectures: { free: { access: "free" }, other: { access: "free" } },
  });
  anna = await newStudent(server, "Anna Cached");
  bob = await newStudent(server, "Bob Cached");
});
afterAll(() => server?.stop());

const comments = async (client: BrowserClient, lectureId = course.lectures.free) => {
  const answer = await client.post(`/json/lectures/${lectureId}/comments`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return answer.body as { comments: any[]; more: boolean };
};
const replies = async (client: BrowserClient, commentId: number) =>
  (await client.post(`/comment/${commentId}/replies`)).body.replies as any[];
const byId = (items: any[], id: number) => items.find((item) => item.id === id);

describe("the discussion cache", () => {
  it("gives each reader their own votes on the same page, and the count they all share", async () => {
    const first = await postComment(anna.client, course.lectures.free, "First of the page");
    const second = await postComment(bob.client, course.lectures.free, "Second of the page");
    // A comment on another lecture between them: the viewer's votes are looked up by a range of ids.
    const elsewhere = await postComment(anna.client, course.lectures.other, "On another lecture");
    const third = await postComment(bob.client, course.lectures.free, "Third of the page");
    await comments(anna.client);
    await anna.client.post("/vote", { type: "comment", id: first.id, value: 1 });
    await bob.client.post("/vote", { type: "comment", id: first.id, value: -1 });
    await bob.client.post("/vote", { type: "comment", id: third.id, value: 1 });
    await bob.client.post("/vote", { type: "comment", id: elsewhere.id, value: 1 });

    const annas = (await comments(anna.client)).comments;
    const bobs = (await comments(bob.client)).comments;
    const admins = (await comments(admin)).comments;
    expect(byId(annas, first.id)).toMatchObject({ votes: [{ value: 1 }], up_votes_count: 1 });
    expect(byId(bobs, first.id)).toMatchObject({ votes: [{ value: -1 }], up_votes_count: 1 });
    expect(byId(admins, first.id)).toMatchObject({ votes: [], up_votes_count: 1 });
    expect(byId(annas, third.id)).toMatchObject({ votes: [], up_votes_count: 1 });
    expect(byId(bobs, third.id)).toMatchObject({ votes: [{ value: 1 }], up_votes_count: 1 });
    expect(byId(bobs, second.id).votes).toEqual([]);
    expect(byId(annas, elsewhere.id)).toBeUndefined();
    // The author link is the admins' alone, whoever read the page first.
    expect(byId(annas, first.id).ownable).toEqual({ id: anna.id, name: "Anna Cached" });
    expect(byId(admins, first.id).ownable).toEqual({
      id: anna.id,
      name: "Anna Cached",
      url: `/home/students/${anna.id}`,
    });
    // The §3 shape, every field of it.
    expect(Object.keys(byId(annas, first.id)).sort()).toEqual([
      "body",
      "bunny_id",
      "bunny_status",
      "by_admin",
      "created_at",
      "id",
      "ownable",
      "replies",
      "replies_count",
      "up_votes_count",
      "video_id",
      "votes",
    ]);
  });

  it("shows a new comment, a deletion and a renamed author at the very next read", async () => {
    await comments(bob.client);
    const fresh = await postComment(anna.client, course.lectures.free, "Just written");
    expect(byId((await comments(bob.client)).comments, fresh.id)).toBeDefined();
    const renamed = await anna.client.json("PUT", "/my/account", { name: "Anna Renamed" });
    expect(renamed.status).toBe(200);
    expect(byId((await comments(bob.client)).comments, fresh.id).ownable.name).toBe("Anna Renamed");
    expect((await anna.client.json("DELETE", `/comments/${fresh.id}`)).status).toBe(200);
    expect(byId((await comments(bob.client)).comments, fresh.id)).toBeUndefined();
  });

  it("shows replies, their count and each reader's own reply votes", async () => {
    const comment = await postComment(admin, course.lectures.free, "Ask me anything");
    await replies(bob.client, comment.id);
    const reply = await postReply(anna.client, comment.id, "A question");
    expect(byId(await replies(bob.client, comment.id), reply.id)).toMatchObject({ body: "A question", votes: [] });
    expect(byId((await comments(bob.client)).comments, comment.id).replies_count).toBe(1);
    await bob.client.post("/vote", { type: "reply", id: reply.id, value: 1 });
    expect(byId(await replies(bob.client, comment.id), reply.id)).toMatchObject({
      votes: [{ value: 1 }],
      up_votes_count: 1,
    });
    expect(byId(await replies(anna.client, comment.id), reply.id)).toMatchObject({ votes: [], up_votes_count: 1 });
  });

  it(`shows a write made by another process within ${MAX_AGE_MS} ms`, async () => {
    const comment = await postComment(anna.client, course.lectures.free, "Edited elsewhere");
    await comments(bob.client);
    await server.handle.db
      .updateTable("comments")
      .set({ body: "Edited by another process" })
      .where("id", "=", comment.id)
      .execute();
    // waitFor fails the test when the time is up (the margin is for a slow machine).
    await waitFor(
      async () => byId((await comments(bob.client)).comments, comment.id).body === "Edited by another process",
      {
        timeoutMs: MAX_AGE_MS + 3000,
      },
    );
  });

  it("reads the reader's own votes on every request: their vote shows at once, another process's too", async () => {
    const comment = await postComment(anna.client, course.lectures.free, "Voted on elsewhere");
    const reply = await postReply(anna.client, comment.id, "A reply voted on elsewhere");
    expect(byId((await comments(bob.client)).comments, comment.id).votes).toEqual([]);
    expect(byId(await replies(bob.client, comment.id), reply.id).votes).toEqual([]);
    // Bob's own vote through the server shows at once.
    await bob.client.post("/vote", { type: "comment", id: comment.id, value: 1 });
    expect(byId((await comments(bob.client)).comments, comment.id).votes).toEqual([{ value: 1 }]);
    expect(byId(await replies(bob.client, comment.id), reply.id).votes).toEqual([]);
    // Votes written by another process (only the votes rows: the shared lists, which hold counts, stay kept).
    const votedAt = new Date().toISOString();
    await server.handle.db
      .insertInto("votes")
      .values([{ votable_type: "reply", votable_id: reply.id, user_id: bob.id, value: -1, created_at: votedAt }])
      .execute();
    expect(byId(await replies(bob.client, comment.id), reply.id).votes).toEqual([{ value: -1 }]);
  });

  it(`answers 404 for a vote on a comment another process deleted at once, for its replies within ${COMMENT_PLACE_MEMO_MS} ms, and for both at once when deleted here`, async () => {
    const kept = await postComment(anna.client, course.lectures.free, "Deleted elsewhere");
    expect(await replies(bob.client, kept.id)).toEqual([]);
    await server.handle.db.deleteFrom("comments").where("id", "=", kept.id).execute();
    // A vote finds out at once, though where the comment hung is still kept: 404, and no vote is left behind.
    expect((await bob.client.post("/vote", { type: "comment", id: kept.id, value: 1 })).status).toBe(404);
    const left = await server.handle.db
      .selectFrom("votes")
      .select("id")
      .where("votable_type", "=", "comment")
      .where("votable_id", "=", kept.id)
      .execute();
    expect(left).toEqual([]);
    await waitFor(async () => (await bob.client.post(`/comment/${kept.id}/replies`)).status === 404, {
      timeoutMs: COMMENT_PLACE_MEMO_MS + 3000,
    });

    const deletedHere = await postComment(anna.client, course.lectures.free, "Deleted through the server");
    expect(await replies(bob.client, deletedHere.id)).toEqual([]);
    expect((await anna.client.json("DELETE", `/comments/${deletedHere.id}`)).status).toBe(200);
    expect((await bob.client.post(`/comment/${deletedHere.id}/replies`)).status).toBe(404);
  });

  it("finds at once a comment another process writes (an unknown comment is never kept)", async () => {
    const existing = await postComment(anna.client, course.lectures.free, "The last one so far");
    const nextId = existing.id + 1;
    expect((await bob.client.post(`/comment/${nextId}/replies`)).status).toBe(404);
    const now = new Date().toISOString();
    const written = await server.handle.db
      .insertInto("comments")
      .values({
        commentable_type: "lecture",
        commentable_id: course.lectures.free,
        user_id: anna.id,
        by_admin: 0,
        body: "Written by another process",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The id asked for above (ids are handed out in order, none is skipped in this file).
    expect(written.id).toBe(nextId);
    expect((await bob.client.post(`/comment/${nextId}/replies`)).status).toBe(200);
  });
});
