// Topic e-mail settings and the unsubscribe link over HTTP (issue 14, item 7; spec §3 user state
// email_notification.community_topics, §7 POST /json/email-notification {topic, action}): success, 401, 419, 422,
// 404 for a topic the user may not read; the level call of the feed's dropdown; the unsubscribe page and its
// RFC 8058 one-click POST, which needs no session and no CSRF token, only a token this server signed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "#core/community/notifications/unsubscribe-token.ts";
import { whoAmI } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, TEST_SECRET_KEY, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let student: Awaited<ReturnType<typeof newStudent>>;
let general: number;
let members: number;
const secret = Buffer.from(TEST_SECRET_KEY, "utf8");

async function topic(title: string, visibility: "public" | "restricted") {
  const now = new Date().toISOString();
  const { id } = await server.handle.db
    .insertInto("community_topics")
    .values({ title, visibility, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function levelOf(userId: number, topicId: number) {
  const row = await server.handle.db
    .selectFrom("community_topic_subscriptions")
    .select("level")
    .where("user_id", "=", userId)
    .where("topic_id", "=", topicId)
    .executeTakeFirst();
  return row?.level ?? null;
}

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
  student = await newStudent(server, "Nina Notified");
  general = await topic("General", "public");
  members = await topic("Members only", "restricted");
});
afterAll(() => server?.stop());

describe("POST /json/email-notification", () => {
  it("turns a topic's mails on ('posts') and off (muted), and the user state lists the topics with mail on", async () => {
    const on = await student.client.post("/json/email-notification", { topic: general, action: true });
    expect(on.status).toBe(200);
    expect(on.body.community_topic).toEqual({ id: general, level: "posts" });
    expect(on.body.email_notification.community_topics).toEqual([general]);
    expect((await whoAmI(student.client)).body.user.email_notification.community_topics).toEqual([general]);

    const off = await student.client.post("/json/email-notification", { topic: general, action: false });
    expect(off.status).toBe(200);
    expect(off.body.community_topic).toEqual({ id: general, level: "muted" });
    expect(off.body.email_notification.community_topics).toEqual([]);
    expect(await levelOf(student.id, general)).toBe("muted");
    expect((await whoAmI(student.client)).body.user.email_notification).toMatchObject({
      community_topics: [],
      product_updates: true,
    });
  });

  it("keeps a level that mails more when turned on again", async () => {
    const set = await student.client.post(`/json/community/topics/${general}/notifications`, { level: "all" });
    expect(set.status).toBe(200);
    expect(set.body.community_topic).toEqual({ id: general, level: "all" });
    const on = await student.client.post("/json/email-notification", { topic: general, action: true });
    expect(on.body.community_topic.level).toBe("all");
    const read = await student.client.json("GET", `/json/community/topics/${general}/notifications`);
    expect(read.body).toEqual({ community_topic: { id: general, level: "all" } });
  });

  it("lists the topic with its level in the account settings", async () => {
    const page = await student.client.page("/my/account");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Community topics");
    expect(page.html).toContain(`href="/community/topics/${general}"`);
    expect(page.html).toContain("E-mails from General: Everything");
  });

  it("asks a visitor to log in (401)", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.post("/json/email-notification", { topic: general, action: true })).status).toBe(401);
    expect((await visitor.post(`/json/community/topics/${general}/notifications`, { level: "all" })).status).toBe(401);
  });

  it("refuses a call without the CSRF token (419)", async () => {
    const response = await student.client.post(
      "/json/email-notification",
      { topic: general, action: true },
      { csrf: false },
    );
    expect(response.status).toBe(419);
    const level = await student.client.post(
      `/json/community/topics/${general}/notifications`,
      { level: "muted" },
      { csrf: false },
    );
    expect(level.status).toBe(419);
    expect(await levelOf(student.id, general)).toBe("all");
  });

  it("answers 422 with field errors for a bad topic, action or level", async () => {
    const bad = await student.client.post("/json/email-notification", { topic: "x", action: "maybe" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["action", "topic"]);
    const level = await student.client.post(`/json/community/topics/${general}/notifications`, { level: "loud" });
    expect(level.status).toBe(422);
    expect(level.body.errors.level).toBeDefined();
  });

  it("answers 404 for a restricted topic the user holds no key to, and for an unknown topic", async () => {
    expect((await student.client.post("/json/email-notification", { topic: members, action: true })).status).toBe(404);
    expect(
      (await student.client.post(`/json/community/topics/${members}/notifications`, { level: "all" })).status,
    ).toBe(404);
    expect((await student.client.json("GET", `/json/community/topics/${members}/notifications`)).status).toBe(404);
    expect((await student.client.post("/json/email-notification", { topic: 999999, action: true })).status).toBe(404);
    expect(await levelOf(student.id, members)).toBeNull();
  });
});

describe("the unsubscribe link", () => {
  it("shows the topics, and its one-click POST mutes them without a session or a CSRF token", async () => {
    await student.client.post(`/json/community/topics/${general}/notifications`, { level: "posts" });
    const token = unsubscribeToken(secret, { userId: student.id, topicIds: [general] });
    const stranger = new BrowserClient(server.url);
    const page = await stranger.page(`/community/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("General");
    expect(page.html).toContain("Stop these e-mails");

    const response = await fetch(`${server.url}/community/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await levelOf(student.id, general)).toBe("muted");
    expect((await whoAmI(student.client)).body.user.email_notification.community_topics).toEqual([]);
    expect((await stranger.page(`/community/unsubscribe/${token}`)).html).toContain(
      "you will get no more e-mails from these topics",
    );
  });

  it("works from the page's button (a plain form: back to the page) and as multipart", async () => {
    await student.client.post(`/json/community/topics/${general}/notifications`, { level: "all" });
    const token = unsubscribeToken(secret, { userId: student.id, topicIds: [general] });
    const form = await fetch(`${server.url}/community/unsubscribe/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/community/unsubscribe/${token}`);
    expect(await levelOf(student.id, general)).toBe("muted");

    await student.client.post(`/json/community/topics/${general}/notifications`, { level: "all" });
    const body = new FormData();
    body.set("List-Unsubscribe", "One-Click");
    const multipart = await fetch(`${server.url}/community/unsubscribe/${token}`, { method: "POST", body });
    expect(multipart.status).toBe(200);
    expect(await levelOf(student.id, general)).toBe("muted");
  });

  it("refuses a forged or altered token (404) and a POST without the one-click body (422), changing nothing", async () => {
    await student.client.post(`/json/community/topics/${general}/notifications`, { level: "all" });
    const good = unsubscribeToken(secret, { userId: student.id, topicIds: [general] });
    const forged = unsubscribeToken(Buffer.from("not-the-server-secret"), { userId: student.id, topicIds: [general] });
    const signature = good.split(".")[2];
    for (const token of [forged, `${student.id}.${general}-${members}.${signature}`, `1.${general}.${signature}`]) {
      const response = await fetch(`${server.url}/community/unsubscribe/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(404);
    }
    const empty = await fetch(`${server.url}/community/unsubscribe/${good}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "other=1",
    });
    expect(empty.status).toBe(422);
    expect(await levelOf(student.id, general)).toBe("all");
    const page = await new BrowserClient(server.url).page(`/community/unsubscribe/${forged}`);
    expect(page.status).toBe(404);
    expect(page.html).toContain("This link is not valid");
  });
});
