// Moderation over HTTP (issue 14, item 8): POST /json/report (401, 419, 422, 404, dedupe), the admin's queue
// /home/moderation (admins only) and its actions (hide, unhide, delete, dismiss, pause, lift), hidden comments and
// replies kept from students but not from admins, and a paused student's comment and reply refused with a 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "#platform/db/connection.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  newStudent,
  postComment,
  postReply,
} from "../helpers/discussion-fixtures.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"free" | "paid">;
let author: Awaited<ReturnType<typeof newStudent>>;
let reader: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  course = await arrangeDiscussionCourse(server.handle.db, {
    lectures: { free: { access: "free" }, paid: { access: "paid" } },
  });
  author = await newStudent(server, "Adam Author");
  reader = await newStudent(server, "Rita Reader");
});
afterAll(() => server?.stop());

const db = () => server.handle.db;

async function openReports(type: string, id: number) {
  return db()
    .selectFrom("reports")
    .selectAll()
    .where("reportable_type", "=", type as "comment")
    .where("reportable_id", "=", id)
    .where("resolved_at", "is", null)
    .execute();
}

async function comments(client: BrowserClient, lectureId = course.lectures.free) {
  const response = await client.post(`/json/lectures/${lectureId}/comments`);
  expect(response.status).toBe(200);
  return response.body.comments as any[];
}

/** A post in a topic, inserted directly (the community's pages are another piece). */
async function arrangePost(userId: number, visibility: "public" | "restricted" = "public") {
  const now = nowIso();
  const topic = await db()
    .insertInto("community_topics")
    .values({ title: `Topic ${visibility}`, visibility, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const post = await db()
    .insertInto("community_posts")
    .values({
      topic_id: topic.id,
      user_id: userId,
      title: "My lens",
      body: "Look at this",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return post.id;
}

describe("POST /json/report", () => {
  it("records a report once per member and item, with 401, 419, 422 and 404 for the rest", async () => {
    const comment = await postComment(author.client, course.lectures.free, "Buy cheap lenses at example.com");
    const report = { type: "comment", id: comment.id, reason: "spam", text: "An advert" };

    const first = await reader.client.post("/json/report", report);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ok: true,
      report: { type: "comment", reportable_id: comment.id, reason: "spam" },
    });
    const again = await reader.client.post("/json/report", { ...report, reason: "abuse" });
    expect(again.status).toBe(200);
    expect(again.body.report.id).toBe(first.body.report.id);
    expect(await openReports("comment", comment.id)).toHaveLength(1);

    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.post("/json/report", report)).status).toBe(401);
    expect((await reader.client.post("/json/report", report, { csrf: false })).status).toBe(419);

    const invalid = await reader.client.post("/json/report", { type: "lecture", id: comment.id, reason: "rude" });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["reason", "type"]);
    const long = await reader.client.post("/json/report", { ...report, text: "x".repeat(501) });
    expect(long.status).toBe(422);
    expect(long.body.errors.text).toBeDefined();

    // What the reporter cannot see: a missing comment, a comment on a paid lecture without access.
    expect((await reader.client.post("/json/report", { ...report, id: 999_999 })).status).toBe(404);
    const paid = await admin.post("/comments", {
      type: "lecture",
      id: course.lectures.paid,
      body: "For buyers",
      file: 0,
    });
    expect(paid.status).toBe(200);
    expect((await reader.client.post("/json/report", { ...report, id: paid.body.comment.id })).status).toBe(404);
    // One's own comment is not reported (403).
    expect((await author.client.post("/json/report", report)).status).toBe(403);
  });

  it("reports replies and posts the member can see; a post in a restricted topic without a key is a 404", async () => {
    const comment = await postComment(author.client, course.lectures.free, "A question");
    const reply = await postReply(author.client, comment.id, "An off-topic reply");
    expect(
      (await reader.client.post("/json/report", { type: "reply", id: reply.id, reason: "off-topic" })).status,
    ).toBe(200);
    const post = await arrangePost(author.id);
    expect((await reader.client.post("/json/report", { type: "post", id: post, reason: "other" })).status).toBe(200);
    const restricted = await arrangePost(author.id, "restricted");
    expect((await reader.client.post("/json/report", { type: "post", id: restricted, reason: "other" })).status).toBe(
      404,
    );
  });
});

describe("the moderation queue and its actions", () => {
  it("is the admins' alone: 403 JSON and 404 page for students, 401 for visitors", async () => {
    const comment = await postComment(author.client, course.lectures.free, "Something");
    const item = { type: "comment", id: comment.id };
    for (const action of ["hide", "unhide", "delete", "dismiss"]) {
      expect((await reader.client.post(`/home/moderation/${action}`, item)).status).toBe(403);
    }
    expect((await reader.client.post("/home/moderation/pause", { user_id: author.id, duration: "7" })).status).toBe(
      403,
    );
    expect((await reader.client.page("/home/moderation")).status).toBe(404);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.post("/home/moderation/hide", item)).status).toBe(401);
  });

  it("lists open reports per item for the admin, with the count in the navigation", async () => {
    const comment = await postComment(author.client, course.lectures.free, "Queue me please");
    const other = await newStudent(server, "Olek Other");
    await reader.client.post("/json/report", { type: "comment", id: comment.id, reason: "spam" });
    await other.client.post("/json/report", { type: "comment", id: comment.id, reason: "abuse", text: "Rude words" });
    const page = await admin.page("/home/moderation");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Queue me please");
    expect(page.html).toContain(`data-report-item="comment:${comment.id}"`);
    expect(page.html).toContain("2 reports");
    expect(page.html).toContain("Rude words");
    expect(page.html).toContain(`/${course.slug}/watch/${course.lectures.free}`);
    expect(page.html).toMatch(/items waiting|item waiting/);
  });

  it("hides a comment from students but not from admins, resolves its reports, and unhides it", async () => {
    const comment = await postComment(author.client, course.lectures.free, "Hide me");
    await reader.client.post("/json/report", { type: "comment", id: comment.id, reason: "abuse" });
    expect((await comments(reader.client)).some((c) => c.id === comment.id)).toBe(true);

    const hidden = await admin.post("/home/moderation/hide", { type: "comment", id: comment.id });
    expect(hidden.status).toBe(200);
    expect(hidden.body.resolved).toBe(1);
    expect(await openReports("comment", comment.id)).toHaveLength(0);
    const resolved = await db()
      .selectFrom("reports")
      .selectAll()
      .where("reportable_id", "=", comment.id)
      .where("reportable_type", "=", "comment")
      .executeTakeFirstOrThrow();
    expect(resolved).toMatchObject({ resolution: "hidden" });

    expect((await comments(reader.client)).some((c) => c.id === comment.id)).toBe(false);
    // Its author sees it gone too, and neither can reply to it, vote on it or report it.
    expect((await comments(author.client)).some((c) => c.id === comment.id)).toBe(false);
    expect((await reader.client.post(`/comment/${comment.id}/reply`, { body: "Still here?" })).status).toBe(404);
    expect((await reader.client.post(`/comment/${comment.id}/replies`)).status).toBe(404);
    expect((await reader.client.post("/vote", { type: "comment", id: comment.id, value: 1 })).status).toBe(404);
    expect((await reader.client.post("/json/report", { type: "comment", id: comment.id, reason: "spam" })).status).toBe(
      404,
    );
    const asAdmin = (await comments(admin)).find((c) => c.id === comment.id);
    expect(asAdmin.hidden_at).toEqual(expect.any(String));
    const resolvedTab = await admin.page("/home/moderation?tab=resolved");
    expect(resolvedTab.html).toContain("Hide me");

    expect((await admin.post("/home/moderation/unhide", { type: "comment", id: comment.id })).status).toBe(200);
    const back = (await comments(reader.client)).find((c) => c.id === comment.id);
    expect(back).toBeDefined();
    expect(back.hidden_at).toBeUndefined();
  });

  it("hides a reply from students (and from the count they see), not from admins", async () => {
    const comment = await postComment(author.client, course.lectures.free, "A comment with replies");
    await postReply(reader.client, comment.id, "Fine reply");
    const bad = await postReply(author.client, comment.id, "Nasty reply");
    expect((await admin.post("/home/moderation/hide", { type: "reply", id: bad.id })).status).toBe(200);
    const listed = await reader.client.post(`/comment/${comment.id}/replies`);
    expect(listed.body.replies.map((r: any) => r.body)).toEqual(["Fine reply"]);
    expect((await comments(reader.client)).find((c) => c.id === comment.id).replies_count).toBe(1);
    const asAdmin = await admin.post(`/comment/${comment.id}/replies`);
    expect(asAdmin.body.replies.map((r: any) => [r.body, typeof r.hidden_at])).toEqual([
      ["Fine reply", "undefined"],
      ["Nasty reply", "string"],
    ]);
    expect((await comments(admin)).find((c) => c.id === comment.id).replies_count).toBe(2);
    // The counts answered to a student's reply and deletion leave the hidden reply out too.
    const third = await reader.client.post(`/comment/${comment.id}/reply`, { body: "Another fine reply" });
    expect(third.body.replies_count).toBe(2);
    const removed = await reader.client.json("DELETE", `/replies/${third.body.reply.id}`);
    expect(removed.body.replies_count).toBe(1);
    expect((await reader.client.post("/vote", { type: "reply", id: bad.id, value: 1 })).status).toBe(404);
  });

  it("deletes a reported comment with its replies and resolves their reports as deleted", async () => {
    const comment = await postComment(author.client, course.lectures.free, "Delete me");
    const reply = await postReply(author.client, comment.id, "Me too");
    await reader.client.post("/json/report", { type: "comment", id: comment.id, reason: "spam" });
    await reader.client.post("/json/report", { type: "reply", id: reply.id, reason: "spam" });
    const deleted = await admin.post("/home/moderation/delete", { type: "comment", id: comment.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.resolved).toBe(2);
    expect(
      await db().selectFrom("comments").select("id").where("id", "=", comment.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await db().selectFrom("replies").select("id").where("id", "=", reply.id).executeTakeFirst()).toBeUndefined();
    const reports = await db()
      .selectFrom("reports")
      .select("resolution")
      .where((eb) =>
        eb.or([
          eb.and([eb("reportable_type", "=", "comment"), eb("reportable_id", "=", comment.id)]),
          eb.and([eb("reportable_type", "=", "reply"), eb("reportable_id", "=", reply.id)]),
        ]),
      )
      .execute();
    expect(reports.map((r) => r.resolution)).toEqual(["deleted", "deleted"]);
    expect((await admin.post("/home/moderation/delete", { type: "comment", id: comment.id })).status).toBe(404);
  });

  it("deletes a post with its comments", async () => {
    const post = await arrangePost(author.id);
    const now = nowIso();
    const comment = await db()
      .insertInto("comments")
      .values({
        commentable_type: "post",
        commentable_id: post,
        user_id: reader.id,
        body: "Nice",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await reader.client.post("/json/report", { type: "post", id: post, reason: "spam" });
    expect((await admin.post("/home/moderation/delete", { type: "post", id: post })).status).toBe(200);
    expect(
      await db().selectFrom("community_posts").select("id").where("id", "=", post).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db().selectFrom("comments").select("id").where("id", "=", comment.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await openReports("post", post)).toHaveLength(0);
  });

  it("counts on a post only the comments its readers see: hiding takes one off, showing puts it back, deleting a hidden one takes nothing", async () => {
    const post = await arrangePost(author.id);
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("community_posts")
            .select("comments_count")
            .where("id", "=", post)
            .executeTakeFirstOrThrow()
        ).comments_count,
      );
    const ids: number[] = [];
    for (const body of ["First", "Second"]) {
      const response = await reader.client.post("/comments", { type: "post", id: post, body, file: 0 });
      expect(response.status).toBe(200);
      ids.push(response.body.comment.id);
    }
    expect(await count()).toBe(2);
    const item = { type: "comment", id: ids[0] };
    expect((await admin.post("/home/moderation/hide", item)).status).toBe(200);
    // Hiding twice keeps the first hiding, and the count.
    expect((await admin.post("/home/moderation/hide", item)).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await admin.post("/home/moderation/unhide", item)).status).toBe(200);
    expect((await admin.post("/home/moderation/unhide", item)).status).toBe(200);
    expect(await count()).toBe(2);
    expect((await admin.post("/home/moderation/hide", item)).status).toBe(200);
    expect((await admin.post("/home/moderation/delete", item)).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await admin.post("/home/moderation/delete", { type: "comment", id: ids[1] })).status).toBe(200);
    expect(await count()).toBe(0);
  });

  it("hides a post (the community shows it to admins only) and dismisses reports without touching the item", async () => {
    const post = await arrangePost(author.id);
    await reader.client.post("/json/report", { type: "post", id: post, reason: "other" });
    expect((await admin.post("/home/moderation/hide", { type: "post", id: post })).status).toBe(200);
    const row = await db()
      .selectFrom("community_posts")
      .select("hidden_at")
      .where("id", "=", post)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    expect((await reader.client.post("/json/report", { type: "post", id: post, reason: "other" })).status).toBe(404);

    const comment = await postComment(author.client, course.lectures.free, "Harmless");
    await reader.client.post("/json/report", { type: "comment", id: comment.id, reason: "spam" });
    const dismissed = await admin.post("/home/moderation/dismiss", { type: "comment", id: comment.id });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.resolved).toBe(1);
    expect((await comments(reader.client)).some((c) => c.id === comment.id)).toBe(true);
    expect((await admin.post("/home/moderation/dismiss", { type: "comment", id: comment.id })).status).toBe(404);
    // Dismissed: the member may report it again.
    expect((await reader.client.post("/json/report", { type: "comment", id: comment.id, reason: "spam" })).status).toBe(
      200,
    );
    expect(await openReports("comment", comment.id)).toHaveLength(1);
  });

  it("works as a plain form: a 303 back to the queue", async () => {
    const comment = await postComment(author.client, course.lectures.free, "Plain form");
    await reader.client.post("/json/report", { type: "comment", id: comment.id, reason: "spam" });
    await admin.page("/home/moderation");
    const response = await admin.raw("/home/moderation/hide", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `${server.url}/home/moderation` },
      body: new URLSearchParams({ _csrf: admin.csrfToken, type: "comment", id: String(comment.id) }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/home/moderation");
    expect(await openReports("comment", comment.id)).toHaveLength(0);
  });
});

describe("pausing a member's posting", () => {
  it("refuses a paused student's comment and reply with a 403 in their language, until lifted", async () => {
    const student = await newStudent(server, "Paula Paused");
    const comment = await postComment(author.client, course.lectures.free, "Reply to me");
    const paused = await admin.post("/home/moderation/pause", { user_id: student.id, duration: "7" });
    expect(paused.status).toBe(200);
    const refused = await student.client.post("/comments", {
      type: "lecture",
      id: course.lectures.free,
      body: "Can I still write?",
      file: 0,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Your posting is paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect((await student.client.post(`/comment/${comment.id}/reply`, { body: "And a reply?" })).status).toBe(403);
    // Reading goes on.
    expect((await student.client.post(`/json/lectures/${course.lectures.free}/comments`)).status).toBe(200);
    // Admins are never paused.
    expect((await admin.post("/home/moderation/pause", { user_id: 1, duration: "1" })).status).toBe(403);

    expect((await admin.post("/home/moderation/lift", { user_id: student.id })).status).toBe(200);
    await postComment(student.client, course.lectures.free, "Back again");
  });

  it("ends by itself when its time has passed", async () => {
    const student = await newStudent(server, "Piotr Paused");
    await admin.post("/home/moderation/pause", { user_id: student.id, duration: "1" });
    // The pause's end moved into the past (the server's own clock cannot be moved from here; posting-pause.test.ts
    // drives the clock itself).
    await db()
      .updateTable("users")
      .set({ posting_paused_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", student.id)
      .execute();
    await postComment(student.client, course.lectures.free, "Free again");
  });

  it("says it in the school's language (Polish)", async () => {
    const student = await newStudent(server, "Zofia Zawieszona");
    await admin.post("/home/moderation/pause", { user_id: student.id, duration: "lifted" });
    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      const refused = await student.client.post("/comments", {
        type: "lecture",
        id: course.lectures.free,
        body: "Czy mogę pisać?",
        file: 0,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        "Zespół szkoły wstrzymał Twoją możliwość pisania. Nadal możesz wszystko czytać.",
      );
    } finally {
      await changeSettings(admin, englishSchool, { language: "en" });
    }
  });
});
