// Topic e-mails end to end on a real database, without a server: notifyNewPost / notifyNewComment queue the fan-out,
// the worker (with the clock moved on) runs it and the period's mail job. Who gets mail (subscribed, never the
// author, only readers of the topic, not users seen lately, muted ones not), batching (a burst: one mail), the daily
// digest, comments on one's own post, the school's language, and the RFC 8058 headers over real SMTP.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bodyOf, startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import type { Db } from "#platform/db/connection.ts";
import type { TopicNotificationLevel } from "#platform/db/schema.ts";
import { registerJob } from "#platform/jobs/define-job.ts";
import { createWorker, type Logger } from "#platform/jobs/worker.ts";
import { createSmtpMailer, type MailMessage, type Mailer } from "#platform/mail/mailer.ts";
import { notifyCommentJob, notifyPostJob, topicMailJob } from "./jobs.ts";
import { notifyNewComment, notifyNewPost } from "./notify.ts";
import { BATCH_PERIOD_MS, DIGEST_PERIOD_MS, SEEN_RECENTLY_MS } from "./rules.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

let database: UnitDatabase;
let db: Db;
const secret = Buffer.from("notification-test-secret-0123456789");
const silent: Logger = { info() {}, warn() {}, error() {} };

/** A mailer that keeps every message it is given, headers included. */
function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    transport: "outbox",
    sent,
    async send(message) {
      sent.push(message);
      return { id: sent.length, transport: "outbox" };
    },
    close() {},
  };
}

let mailer: ReturnType<typeof capturingMailer>;
let clock: number;
let ids: { admin: number; ann: number; bob: number; cat: number; dan: number };
let publicTopic: number;
let restrictedTopic: number;
let product: number;

const iso = (ms: number) => new Date(ms).toISOString();

function worker(m: Mailer = mailer) {
  return createWorker({
    db,
    dialect: database.handle.dialect,
    log: silent,
    now: () => clock,
    jobs: [
      registerJob(notifyPostJob),
      registerJob(notifyCommentJob),
      registerJob(topicMailJob, { mailer: m, secret, appUrl: undefined }),
    ],
  });
}

/** Moves the clock (Date.now and the worker's) and runs every job due, until none is. */
async function runAt(ms: number, m: Mailer = mailer) {
  clock = ms;
  vi.setSystemTime(ms);
  const w = worker(m);
  while ((await w.runOnce()) > 0) {
    /* next batch */
  }
}

async function addUser(name: string, role: "admin" | "student" = "student", prefs = "{}"): Promise<number> {
  const { id } = await db
    .insertInto("users")
    .values({
      email: `${name.toLowerCase()}@example.com`,
      name,
      password_hash: "x",
      role,
      email_notifications: prefs,
      created_at: iso(clock),
      updated_at: iso(clock),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function addTopic(title: string, visibility: "public" | "restricted"): Promise<number> {
  const { id } = await db
    .insertInto("community_topics")
    .values({ title, visibility, created_at: iso(clock), updated_at: iso(clock) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function setLevel(userId: number, topicId: number, level: TopicNotificationLevel) {
  await db
    .insertInto("community_topic_subscriptions")
    .values({ user_id: userId, topic_id: topicId, level, updated_at: iso(clock) })
    .onConflict((oc) => oc.columns(["user_id", "topic_id"]).doUpdateSet({ level }))
    .execute();
}

async function post(topicId: number, userId: number, title = "A new post"): Promise<number> {
  const { id } = await db
    .insertInto("community_posts")
    .values({
      topic_id: topicId,
      user_id: userId,
      title,
      body: "Body of the post",
      created_at: iso(clock),
      updated_at: iso(clock),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function comment(postId: number, userId: number, body = "A comment on it"): Promise<number> {
  const { id } = await db
    .insertInto("comments")
    .values({
      commentable_type: "post",
      commentable_id: postId,
      user_id: userId,
      body,
      video_id: null,
      created_at: iso(clock),
      updated_at: iso(clock),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function seen(userId: number, atMs: number) {
  await db
    .insertInto("sessions")
    .values({
      id: `s-${userId}-${atMs}`,
      user_id: userId,
      created_at: iso(atMs),
      expires_at: iso(atMs + DIGEST_PERIOD_MS * 30),
      last_seen_at: iso(atMs),
      ip: "127.0.0.1",
      user_agent: "test",
    })
    .execute();
}

const to = (name: string) => mailer.sent.filter((m) => m.to === `${name.toLowerCase()}@example.com`);

/** The start of a batch period, a minute in: the period's mail goes at +14 min. */
function periodStart(): number {
  return (Math.floor(clock / BATCH_PERIOD_MS) + 1) * BATCH_PERIOD_MS + 60_000;
}

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock = Date.parse("2026-11-20T10:00:00.000Z");
  vi.setSystemTime(clock);
  mailer = capturingMailer();
  for (const table of [
    "jobs",
    "community_notifications",
    "community_topic_subscriptions",
    "comments",
    "community_posts",
    "community_topic_products",
    "community_topics",
    "product_access",
    "products",
    "sessions",
    "users",
    "school",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await db
    .insertInto("school")
    .values({
      name: "Test Academy",
      language: "en",
      currency: "EUR",
      login_enabled: 1,
      registration_enabled: 1,
      public_url: "https://school.example",
      created_at: iso(clock),
      updated_at: iso(clock),
    })
    .execute();
  ids = {
    admin: await addUser("Olga", "admin"),
    ann: await addUser("Ann"),
    bob: await addUser("Bob"),
    cat: await addUser("Cat"),
    dan: await addUser("Dan"),
  };
  publicTopic = await addTopic("General", "public");
  restrictedTopic = await addTopic("Members only", "restricted");
  ({ id: product } = await db
    .insertInto("products")
    .values({
      kind: "file",
      course_id: null,
      slug: "pack",
      title: "Pack",
      currency: "EUR",
      access_days: null,
      access_ends_at: null,
      event_starts_at: null,
      file_key: null,
      file_name: null,
      cover_image: null,
      created_at: iso(clock),
      updated_at: iso(clock),
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow());
  await db.insertInto("community_topic_products").values({ topic_id: restrictedTopic, product_id: product }).execute();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("new posts", () => {
  it("mails the topic's subscribers once the period ends, never the author, not the muted or unsubscribed", async () => {
    clock = periodStart();
    await setLevel(ids.ann, publicTopic, "posts");
    await setLevel(ids.bob, publicTopic, "all");
    await setLevel(ids.cat, publicTopic, "muted");
    await setLevel(ids.dan, publicTopic, "posts");
    const id = await post(publicTopic, ids.dan, "Hello everyone");
    await runAt(clock);
    await notifyNewPost(db, id);
    await runAt(clock + 1000);
    expect(mailer.sent).toEqual([]); // batched: nothing before the period ends
    await runAt(clock + BATCH_PERIOD_MS);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(["ann@example.com", "bob@example.com"]);
    const mail = to("Ann")[0]!;
    expect(mail.subject).toBe("New in the Test Academy community");
    expect(mail.text).toContain('New post "Hello everyone" by Dan');
    expect(mail.text).toContain(`https://school.example/community/posts/${id}`);
    // Nothing more to send later.
    await runAt(clock + 2 * BATCH_PERIOD_MS);
    expect(mailer.sent).toHaveLength(2);
  });

  it("makes one mail of a burst of posts in one period", async () => {
    clock = periodStart();
    await setLevel(ids.ann, publicTopic, "posts");
    const first = await post(publicTopic, ids.bob, "First post");
    const second = await post(publicTopic, ids.cat, "Second post");
    vi.setSystemTime(clock);
    await notifyNewPost(db, first);
    await runAt(clock);
    await notifyNewPost(db, second);
    await runAt(clock + 5 * 60_000);
    await runAt(clock + BATCH_PERIOD_MS);
    expect(to("Ann")).toHaveLength(1);
    expect(to("Ann")[0]!.text).toContain("First post");
    expect(to("Ann")[0]!.text).toContain("Second post");
    // One mail job for Ann, whatever the number of posts.
    const jobs = await db.selectFrom("jobs").select("unique_key").where("type", "=", "community.topic_mail").execute();
    expect(jobs).toHaveLength(1);
  });

  it("skips users seen in the app in the last five minutes", async () => {
    clock = periodStart();
    await setLevel(ids.ann, publicTopic, "posts");
    await setLevel(ids.bob, publicTopic, "posts");
    await seen(ids.ann, clock - SEEN_RECENTLY_MS + 30_000); // 4.5 minutes ago: here
    await seen(ids.bob, clock - SEEN_RECENTLY_MS - 30_000); // 5.5 minutes ago: away
    const id = await post(publicTopic, ids.cat);
    vi.setSystemTime(clock);
    await notifyNewPost(db, id);
    await runAt(clock);
    await runAt(clock + BATCH_PERIOD_MS);
    expect(mailer.sent.map((m) => m.to)).toEqual(["bob@example.com"]);
  });

  it("mails about a restricted topic only those who may read it (key holders and admins)", async () => {
    clock = periodStart();
    for (const user of [ids.admin, ids.ann, ids.bob]) await setLevel(user, restrictedTopic, "posts");
    await db
      .insertInto("product_access")
      .values({
        user_id: ids.ann,
        product_id: product,
        transaction_id: null,
        starts_at: iso(clock - 1000),
        ends_at: null,
        revoked_at: null,
        created_at: iso(clock),
      })
      .execute();
    const id = await post(restrictedTopic, ids.cat);
    vi.setSystemTime(clock);
    await notifyNewPost(db, id);
    await runAt(clock);
    await runAt(clock + BATCH_PERIOD_MS);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(["ann@example.com", "olga@example.com"]);
  });

  it("drops what a user muted before the mail went out, and sends nothing for a hidden post", async () => {
    clock = periodStart();
    await setLevel(ids.ann, publicTopic, "posts");
    await setLevel(ids.bob, publicTopic, "posts");
    const id = await post(publicTopic, ids.cat);
    vi.setSystemTime(clock);
    await notifyNewPost(db, id);
    await runAt(clock);
    await setLevel(ids.ann, publicTopic, "muted");
    const hidden = await post(publicTopic, ids.cat, "Hidden one");
    await db
      .updateTable("community_posts")
      .set({ hidden_at: iso(clock) })
      .where("id", "=", hidden)
      .execute();
    await notifyNewPost(db, hidden);
    await runAt(clock);
    await runAt(clock + BATCH_PERIOD_MS);
    expect(mailer.sent.map((m) => m.to)).toEqual(["bob@example.com"]);
    expect(mailer.sent[0]!.text).not.toContain("Hidden one");
  });
});

describe("comments", () => {
  it("mails 'all' subscribers and the post's author, not 'posts' subscribers nor the commenter", async () => {
    clock = periodStart();
    await setLevel(ids.ann, publicTopic, "posts");
    await setLevel(ids.bob, publicTopic, "all");
    await setLevel(ids.dan, publicTopic, "all");
    const id = await post(publicTopic, ids.cat, "Cat's question");
    const c = await comment(id, ids.dan, "Here is an answer");
    vi.setSystemTime(clock);
    await notifyNewComment(db, c);
    await runAt(clock);
    await runAt(clock + BATCH_PERIOD_MS);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(["bob@example.com", "cat@example.com"]);
    expect(to("Cat")[0]!.text).toContain('Dan commented on your post "Cat\'s question"');
    expect(to("Cat")[0]!.text).toContain("Here is an answer");
    expect(to("Cat")[0]!.text).toContain(`/community/posts/${id}#comment-${c}`);
  });

  it("does not mail the author who muted the topic or turned off replies", async () => {
    clock = periodStart();
    const eve = await addUser("Eve", "student", JSON.stringify({ community_replies: false }));
    await setLevel(ids.cat, publicTopic, "muted");
    const catsPost = await post(publicTopic, ids.cat);
    const evesPost = await post(publicTopic, eve);
    vi.setSystemTime(clock);
    await notifyNewComment(db, await comment(catsPost, ids.dan));
    await notifyNewComment(db, await comment(evesPost, ids.dan));
    await runAt(clock);
    await runAt(clock + BATCH_PERIOD_MS);
    expect(mailer.sent).toEqual([]);
  });

  it("ignores comments on lectures", async () => {
    const { id } = await db
      .insertInto("comments")
      .values({
        commentable_type: "lecture",
        commentable_id: 1,
        user_id: ids.ann,
        body: "x",
        video_id: null,
        created_at: iso(clock),
        updated_at: iso(clock),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await notifyNewComment(db, id);
    await runAt(clock + DIGEST_PERIOD_MS);
    expect(mailer.sent).toEqual([]);
    expect(await db.selectFrom("community_notifications").selectAll().execute()).toEqual([]);
  });
});

describe("the daily digest", () => {
  it("collects the day's posts and comments into one mail sent after midnight (UTC)", async () => {
    clock = Date.parse("2026-11-20T09:00:00.000Z");
    await setLevel(ids.ann, publicTopic, "digest");
    await setLevel(ids.bob, publicTopic, "posts");
    const morning = await post(publicTopic, ids.cat, "Morning post");
    vi.setSystemTime(clock);
    await notifyNewPost(db, morning);
    await runAt(clock);
    clock = Date.parse("2026-11-20T18:00:00.000Z");
    const evening = await post(publicTopic, ids.cat, "Evening post");
    vi.setSystemTime(clock);
    await notifyNewPost(db, evening);
    await notifyNewComment(db, await comment(morning, ids.dan, "Late comment"));
    await runAt(clock);
    await runAt(clock + BATCH_PERIOD_MS);
    // Bob (posts) had his mails; Ann waits for the digest.
    expect(to("Ann")).toEqual([]);
    expect(to("Bob").length).toBeGreaterThan(0);
    await runAt(Date.parse("2026-11-20T23:59:00.000Z"));
    expect(to("Ann")).toEqual([]);
    await runAt(Date.parse("2026-11-21T00:00:01.000Z"));
    expect(to("Ann")).toHaveLength(1);
    const digest = to("Ann")[0]!;
    expect(digest.subject).toBe("Your daily digest from the Test Academy community");
    for (const text of ["Morning post", "Evening post", "Late comment"]) expect(digest.text).toContain(text);
  });
});

describe("language and unsubscribe", () => {
  it("writes the mail in the school's language (a Polish school: Polish)", async () => {
    await db.updateTable("school").set({ language: "pl", name: "Akademia" }).execute();
    clock = periodStart();
    await setLevel(ids.ann, publicTopic, "posts");
    const id = await post(publicTopic, ids.cat, "Witajcie");
    vi.setSystemTime(clock);
    await notifyNewPost(db, id);
    await runAt(clock);
    await runAt(clock + BATCH_PERIOD_MS);
    const mail = to("Ann")[0]!;
    expect(mail.subject).toBe("Nowości w społeczności Akademia");
    expect(mail.text).toContain("Cześć Ann,");
    expect(mail.text).toContain("Nowy post „Witajcie” autorstwa Cat");
  });

  it("carries List-Unsubscribe with a signed link for the mail's topics, and List-Unsubscribe-Post, over SMTP", async () => {
    const smtp: TestSmtpServer = await startSmtpServer();
    const real = createSmtpMailer(db, { url: smtp.url(), from: "school@example.com" });
    try {
      clock = periodStart();
      await setLevel(ids.ann, publicTopic, "posts");
      await setLevel(ids.ann, restrictedTopic, "posts");
      await db
        .insertInto("product_access")
        .values({
          user_id: ids.ann,
          product_id: product,
          transaction_id: null,
          starts_at: iso(clock - 1000),
          ends_at: null,
          revoked_at: null,
          created_at: iso(clock),
        })
        .execute();
      const a = await post(publicTopic, ids.cat);
      const b = await post(restrictedTopic, ids.cat);
      vi.setSystemTime(clock);
      await notifyNewPost(db, a);
      await notifyNewPost(db, b);
      await runAt(clock, real);
      await runAt(clock + BATCH_PERIOD_MS, real);
      expect(smtp.received).toHaveLength(1);
      const raw = smtp.received[0]!.raw;
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
      // A long header may be folded (RFC 5322): unfolded, it holds one URL in angle brackets.
      const headers = raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
      const header = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(headers);
      expect(header).not.toBeNull();
      const url = new URL(header![1]!);
      expect(url.origin).toBe("https://school.example");
      const token = decodeURIComponent(url.pathname.replace("/community/unsubscribe/", ""));
      expect(readUnsubscribeToken(secret, token)).toEqual({
        userId: ids.ann,
        topicIds: [publicTopic, restrictedTopic].sort((x, y) => x - y),
      });
      // Each topic's own link in the text; the kept copy withholds them.
      const body = bodyOf(raw);
      expect(body).toContain("No more e-mails from General");
      const kept = await db.selectFrom("mails").select("text_body").executeTakeFirstOrThrow();
      expect(kept.text_body).not.toContain("/community/unsubscribe/");
    } finally {
      real.close();
      await smtp.close();
    }
  });
});
