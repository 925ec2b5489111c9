// Votes over HTTP (spec §3 "Votable item", §4 "Vote", §7 POST /vote): one vote per user per item, the same vote
// again takes it back, switching moves the count, and the count stays equal to the up votes under 20 parallel
// requests (run this file with TEST_DATABASE_URL for PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  grantAccess,
  newStudent,
  postComment,
  postReply,
} from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"free" | "paid">;
let student: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  course = await arrangeDiscussionCourse(server.handle.db, {
    lectures: { free: { access: "free" }, paid: { access: "paid" } },
  });
  student = await newStudent(server, "Vera Voter");
});
afterAll(() => server?.stop());

async function upCount(type: "comment" | "reply", id: number): Promise<number> {
  const table = type === "comment" ? "comments" : "replies";
  const row = await server.handle.db
    .selectFrom(table)
    .select("up_votes_count")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return Number(row.up_votes_count);
}

async function voteRows(type: "comment" | "reply", id: number) {
  return server.handle.db
    .selectFrom("votes")
    .select(["user_id", "value"])
    .where("votable_type", "=", type)
    .where("votable_id", "=", id)
    .execute();
}

describe("POST /vote", () => {
  it("up-votes, then takes the up vote back (toggle)", async () => {
    const comment = await postComment(admin, course.lectures.free, "Vote on me");
    const up = await student.client.post("/vote", { type: "comment", id: comment.id, value: 1 });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ type: "comment", id: comment.id, votes: [{ value: 1 }], up_votes_count: 1, value: 1 });
    const again = await student.client.post("/vote", { type: "comment", id: comment.id, value: 1 });
    expect(again.body).toEqual({ type: "comment", id: comment.id, votes: [], up_votes_count: 0, value: 0 });
    expect(await voteRows("comment", comment.id)).toEqual([]);
  });

  it("switches up -> down (the count drops) and down -> up (it rises)", async () => {
    const comment = await postComment(admin, course.lectures.free, "Switch on me");
    await student.client.post("/vote", { type: "comment", id: comment.id, value: 1 });
    const down = await student.client.post("/vote", { type: "comment", id: comment.id, value: -1 });
    expect(down.body).toMatchObject({ value: -1, votes: [{ value: -1 }], up_votes_count: 0 });
    expect(await voteRows("comment", comment.id)).toEqual([{ user_id: student.id, value: -1 }]);
    const up = await student.client.post("/vote", { type: "comment", id: comment.id, value: 1 });
    expect(up.body).toMatchObject({ value: 1, up_votes_count: 1 });
    const downAgain = await student.client.post("/vote", { type: "comment", id: comment.id, value: -1 });
    const downOff = await student.client.post("/vote", { type: "comment", id: comment.id, value: -1 });
    expect(downAgain.body).toMatchObject({ value: -1, up_votes_count: 0 });
    expect(downOff.body).toMatchObject({ value: 0, votes: [], up_votes_count: 0 });
  });

  it("value 0 removes a vote; the comment list shows the viewer's own vote first in votes", async () => {
    const comment = await postComment(admin, course.lectures.free, "Show my vote");
    await admin.post("/vote", { type: "comment", id: comment.id, value: 1 });
    await student.client.post("/vote", { type: "comment", id: comment.id, value: -1 });
    const list = await student.client.post(`/json/lectures/${course.lectures.free}/comments`);
    expect(list.body.comments.find((c: any) => c.id === comment.id)).toMatchObject({
      votes: [{ value: -1 }],
      up_votes_count: 1,
    });
    const cleared = await student.client.post("/vote", { type: "comment", id: comment.id, value: 0 });
    expect(cleared.body).toMatchObject({ value: 0, votes: [], up_votes_count: 1 });
    const adminView = await admin.post(`/json/lectures/${course.lectures.free}/comments`);
    expect(adminView.body.comments.find((c: any) => c.id === comment.id).votes).toEqual([{ value: 1 }]);
  });

  it("votes on replies too", async () => {
    const comment = await postComment(admin, course.lectures.free, "Reply votes");
    const reply = await postReply(admin, comment.id, "Vote on this reply");
    const response = await student.client.post("/vote", { type: "reply", id: reply.id, value: 1 });
    expect(response.body).toEqual({ type: "reply", id: reply.id, votes: [{ value: 1 }], up_votes_count: 1, value: 1 });
    const list = await student.client.post(`/comment/${comment.id}/replies`);
    expect(list.body.replies[0]).toMatchObject({ votes: [{ value: 1 }], up_votes_count: 1 });
  });

  it("answers 401, 419, 422 and 404 (unknown item, or one on a lecture the student may not watch)", async () => {
    const comment = await postComment(admin, course.lectures.free, "Contract");
    const guest = new BrowserClient(server.url);
    await guest.page("/login");
    expect((await guest.post("/vote", { type: "comment", id: comment.id, value: 1 })).status).toBe(401);
    expect(
      (await student.client.post("/vote", { type: "comment", id: comment.id, value: 1 }, { csrf: false })).status,
    ).toBe(419);
    const bad = await student.client.post("/vote", { type: "comment", id: comment.id, value: 2 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.value).toEqual(["Choose one of the options."]);
    expect((await student.client.post("/vote", { type: "lecture", id: comment.id, value: 1 })).status).toBe(422);
    // Community posts are votable (issue 14): an unknown one is a 404.
    expect((await student.client.post("/vote", { type: "post", id: 999999, value: 1 })).status).toBe(404);
    expect((await student.client.post("/vote", { type: "comment", id: 999999, value: 1 })).status).toBe(404);
    expect((await student.client.post("/vote", { type: "reply", id: 999999, value: 1 })).status).toBe(404);
    const paid = await postComment(admin, course.lectures.paid, "Paid only");
    expect((await student.client.post("/vote", { type: "comment", id: paid.id, value: 1 })).status).toBe(404);
    await grantAccess(server.handle.db, student.id, course.id);
    expect((await student.client.post("/vote", { type: "comment", id: paid.id, value: 1 })).status).toBe(200);
    expect(await voteRows("comment", comment.id)).toEqual([]);
  });
});

describe("votes under concurrency", () => {
  it("20 parallel votes of one user leave one vote at most, and the count equal to the up votes", async () => {
    const comment = await postComment(admin, course.lectures.free, "Hammer me");
    const requests = Array.from({ length: 20 }, (_, i) =>
      student.client.post("/vote", { type: "comment", id: comment.id, value: i % 3 === 2 ? -1 : 1 }),
    );
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await voteRows("comment", comment.id);
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(await upCount("comment", comment.id)).toBe(rows.filter((r) => r.value === 1).length);
  });

  it("20 parallel up votes of one user on a reply: toggled 20 times, so none is left and the count is 0", async () => {
    const comment = await postComment(admin, course.lectures.free, "Reply hammer");
    const reply = await postReply(admin, comment.id, "Hammer this reply");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => student.client.post("/vote", { type: "reply", id: reply.id, value: 1 })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    // Each request saw the one before it: half of them added the vote, half took it back.
    expect(responses.filter((r) => r.body.value === 1)).toHaveLength(10);
    expect(await voteRows("reply", reply.id)).toEqual([]);
    expect(await upCount("reply", reply.id)).toBe(0);
  });

  it("20 students up-voting at once count 20; 20 parallel switches to down count 0", async () => {
    const comment = await postComment(admin, course.lectures.free, "Popular");
    const voters = [];
    for (let i = 0; i < 20; i++) voters.push(await newStudent(server, `Voter ${i}`));
    const ups = await Promise.all(
      voters.map((v) => v.client.post("/vote", { type: "comment", id: comment.id, value: 1 })),
    );
    expect(ups.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await upCount("comment", comment.id)).toBe(20);
    expect(await voteRows("comment", comment.id)).toHaveLength(20);

    const downs = await Promise.all(
      voters.map((v) => v.client.post("/vote", { type: "comment", id: comment.id, value: -1 })),
    );
    expect(downs.map((r) => r.body.value)).toEqual(Array(20).fill(-1));
    expect(await upCount("comment", comment.id)).toBe(0);
    expect((await voteRows("comment", comment.id)).every((r) => r.value === -1)).toBe(true);
  });
});
