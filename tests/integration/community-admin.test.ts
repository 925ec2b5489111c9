// The community topics of the admin area over HTTP (issue 14, item 1): the admin lists, creates, edits, reorders
// and deletes topics, public or restricted to chosen products; a student gets 403 from the calls and the 404
// page from the screens, a visitor 401 and the login page; the pages' plain forms work before hydration; the
// field errors come in English and in Polish; deleting a topic removes its posts' comments and votes too.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, englishSchool, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { addCourse, text } from "./catalog-helpers.ts";
import { courseProductId } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
let productId: number;

type Topic = {
  id: number;
  title: string;
  description: string;
  visibility: string;
  allow_students_to_add_posts: number;
  position: number;
  product_ids: number[];
  post_count: number;
};

async function createTopic(body: Record<string, unknown>): Promise<Topic> {
  const response = await admin.post("/home/community", body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.community_topic;
}

async function order(): Promise<string[]> {
  const response = await admin.json("GET", "/home/community");
  expect(response.status).toBe(200);
  return response.body.community_topics.map((topic: { title: string }) => topic.title);
}

async function clearTopics() {
  await server.handle.db.deleteFrom("community_topics").execute();
}

function plainForm(path: string, fields: Record<string, string | string[]>, referer: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  body.append("_csrf", admin.csrfToken);
  return admin.raw(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", referer: `${server.url}${referer}` },
    body: body.toString(),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server);
  const courseId = await addCourse(server, { slug: "community-course", title: "Community course", price_cents: 5000 });
  productId = await courseProductId(server, courseId);
});
afterAll(() => server?.stop());

describe("who may manage topics", () => {
  it("answers 401 to a visitor and 403 to a student, and changes nothing", async () => {
    await clearTopics();
    const existing = await createTopic({ title: "Existing" });
    const guest = await visitor(server, "/login");
    const calls = [
      ["GET", "/home/community", undefined],
      ["POST", "/home/community", { title: "Nope" }],
      ["GET", `/home/community/${existing.id}`, undefined],
      ["PUT", `/home/community/${existing.id}`, { title: "Nope" }],
      ["DELETE", `/home/community/${existing.id}`, undefined],
      ["POST", `/home/community/${existing.id}/move`, { direction: "up" }],
      ["POST", "/home/community/order", { ids: [existing.id] }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await guest.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await student.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await order()).toEqual(["Existing"]);
    const row = await server.handle.db
      .selectFrom("community_topics")
      .select("title")
      .where("id", "=", existing.id)
      .executeTakeFirst();
    expect(row?.title).toBe("Existing");
  });

  it("refuses a call without the CSRF token with 419", async () => {
    expect((await admin.post("/home/community", { title: "No token" }, { csrf: false })).status).toBe(419);
  });

  it("sends a visitor to log in and shows a student the 404 page for every screen", async () => {
    await clearTopics();
    const topic = await createTopic({ title: "Screened" });
    const guest = await visitor(server, "/login");
    for (const path of ["/home/community", "/home/community/new", `/home/community/${topic.id}`]) {
      const response = await guest.raw(path, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
      const page = await student.page(path);
      expect(page.status, path).toBe(404);
      expect(page.html).not.toContain("Screened");
    }
  });
});

describe("the admin's screens", () => {
  it("shows how to start when there are no topics, with the navigation entry", async () => {
    await clearTopics();
    const page = await admin.page("/home/community");
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain("No topics yet");
    expect(text(page.html)).toContain("Create the first topic");
    expect(page.html).toContain('href="/home/community"');
  });

  it("lists topics in order with their visibility and post counts, and opens the editor and the new form", async () => {
    await clearTopics();
    const open = await createTopic({ title: "Open topic", description: "Say hello" });
    const closed = await createTopic({
      title: "Buyers only",
      visibility: "restricted",
      product_ids: [productId],
      allow_students_to_add_posts: 0,
    });
    const adminId = (
      await server.handle.db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow()
    ).id;
    const now = new Date().toISOString();
    await server.handle.db
      .insertInto("community_posts")
      .values({
        topic_id: open.id,
        user_id: adminId,
        title: "Welcome",
        body: "Hello",
        created_at: now,
        updated_at: now,
      })
      .execute();

    const list = await admin.page("/home/community");
    const words = text(list.html);
    expect(words.indexOf("Open topic")).toBeLessThan(words.indexOf("Buyers only"));
    expect(words).toContain("Restricted (1 product)");
    expect(list.html).toMatch(new RegExp(`data-topic-id="${open.id}"[\\s\\S]*?data-testid="post-count">1<`));

    const editor = await admin.page(`/home/community/${closed.id}`);
    expect(editor.status).toBe(200);
    expect(editor.html).toContain('value="Buyers only"');
    expect(editor.html).toMatch(new RegExp(`<input[^>]*name="product_${productId}"[^>]*checked`));
    expect(text(editor.html)).toContain("Community course");

    const fresh = await admin.page("/home/community/new");
    expect(fresh.status).toBe(200);
    expect(text(fresh.html)).toContain("Products that open the topic");

    expect((await admin.page("/home/community/999999")).status).toBe(404);
    expect((await admin.page("/home/community/abc")).status).toBe(404);
  });
});

describe("creating and changing topics", () => {
  it("creates a public and a restricted topic, each last in the order, and reads one back", async () => {
    await clearTopics();
    const open = await createTopic({ title: "  Introduce yourself ", description: "Who are you?" });
    expect(open).toMatchObject({
      title: "Introduce yourself",
      description: "Who are you?",
      visibility: "public",
      allow_students_to_add_posts: 1,
      product_ids: [],
      post_count: 0,
    });
    const restricted = await createTopic({
      title: "Course Q&A",
      visibility: "restricted",
      product_ids: [productId],
      allow_students_to_add_posts: 0,
    });
    expect(restricted).toMatchObject({
      visibility: "restricted",
      allow_students_to_add_posts: 0,
      product_ids: [productId],
    });
    expect(restricted.position).toBeGreaterThan(open.position);
    const got = await admin.json("GET", `/home/community/${restricted.id}`);
    expect(got.body.community_topic).toMatchObject({ id: restricted.id, product_ids: [productId] });
    expect(await order()).toEqual(["Introduce yourself", "Course Q&A"]);
  });

  it("changes a topic's fields, visibility and keys", async () => {
    await clearTopics();
    const topic = await createTopic({ title: "Before" });
    const changed = await admin.json("PUT", `/home/community/${topic.id}`, {
      title: "After",
      description: "New words",
      allow_students_to_add_posts: 0,
      visibility: "restricted",
      product_ids: [productId],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.community_topic).toMatchObject({
      title: "After",
      description: "New words",
      allow_students_to_add_posts: 0,
      visibility: "restricted",
      product_ids: [productId],
    });
    const back = await admin.json("PUT", `/home/community/${topic.id}`, { title: "After", visibility: "public" });
    expect(back.body.community_topic).toMatchObject({ visibility: "public", product_ids: [] });
    expect((await admin.json("PUT", "/home/community/999999", { title: "X" })).status).toBe(404);
  });

  it("answers 422 with the field errors in English", async () => {
    const empty = await admin.post("/home/community", { title: " ", description: "d".repeat(1001) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      title: ["Give the topic a title (1 to 120 characters)."],
      description: ["The description may have at most 1000 characters."],
    });
    const long = await admin.post("/home/community", { title: "x".repeat(121) });
    expect(long.body.errors).toEqual({ title: ["The title may have at most 120 characters."] });
    const restricted = await admin.post("/home/community", { title: "Locked", visibility: "restricted" });
    expect(restricted.status).toBe(422);
    expect(restricted.body.errors).toEqual({
      product_ids: ["A restricted topic needs at least one product: otherwise no student could ever open it."],
    });
    const unknown = await admin.post("/home/community", {
      title: "Locked",
      visibility: "restricted",
      product_ids: [999999],
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(["product_ids"]);
    const flag = await admin.post("/home/community", { title: "Flag", allow_students_to_add_posts: 5 });
    expect(flag.status).toBe(422);
    expect(Object.keys(flag.body.errors)).toEqual(["allow_students_to_add_posts"]);
  });

  it("takes the pages' plain forms: create with an unticked box and two products, update, and back with the error", async () => {
    await clearTopics();
    await admin.page("/home/community/new");
    const otherCourse = await addCourse(server, { slug: "second-course", title: "Second course", price_cents: 100 });
    const secondProduct = await courseProductId(server, otherCourse);
    const created = await plainForm(
      "/home/community",
      {
        title: "Plain topic",
        description: "",
        visibility: "restricted",
        [`product_${productId}`]: "1",
        [`product_${secondProduct}`]: "1",
      },
      "/home/community/new",
    );
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toMatch(/^\/home\/community\?saved=\d+$/);
    const row = await server.handle.db
      .selectFrom("community_topics")
      .selectAll()
      .where("title", "=", "Plain topic")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ visibility: "restricted", allow_students_to_add_posts: 0 });
    const keys = await server.handle.db
      .selectFrom("community_topic_products")
      .select("product_id")
      .where("topic_id", "=", row.id)
      .orderBy("product_id")
      .execute();
    expect(keys.map((key) => key.product_id)).toEqual([productId, secondProduct].sort((a, b) => a - b));

    const updated = await plainForm(
      `/home/community/${row.id}`,
      { title: "Plain topic, renamed", allow_students_to_add_posts: "1", visibility: "public" },
      `/home/community/${row.id}`,
    );
    expect(updated.status).toBe(303);
    expect(updated.headers.get("location")).toBe(`/home/community/${row.id}?saved=1`);
    expect(
      await server.handle.db
        .selectFrom("community_topics")
        .select(["title", "allow_students_to_add_posts", "visibility"])
        .where("id", "=", row.id)
        .executeTakeFirst(),
    ).toEqual({ title: "Plain topic, renamed", allow_students_to_add_posts: 1, visibility: "public" });

    const refused = await plainForm("/home/community", { title: "", visibility: "public" }, "/home/community/new");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/home/community/new?error=community_admin%3Atitle_required");
    const page = await admin.page("/home/community/new?error=community_admin%3Atitle_required");
    expect(text(page.html)).toContain("Give the topic a title (1 to 120 characters).");
  });
});

describe("ordering", () => {
  it("moves a topic up and down (also by plain form), and takes a whole new order", async () => {
    await clearTopics();
    const a = await createTopic({ title: "A" });
    const b = await createTopic({ title: "B" });
    const c = await createTopic({ title: "C" });
    const up = await admin.post(`/home/community/${c.id}/move`, { direction: "up" });
    expect(up.status).toBe(200);
    expect(up.body.ids).toEqual([a.id, c.id, b.id]);
    expect(await order()).toEqual(["A", "C", "B"]);
    // The first moved up stays first.
    await admin.post(`/home/community/${a.id}/move`, { direction: "up" });
    expect(await order()).toEqual(["A", "C", "B"]);
    await admin.page("/home/community");
    const down = await plainForm(`/home/community/${a.id}/move`, { direction: "down" }, "/home/community");
    expect(down.status).toBe(303);
    expect(down.headers.get("location")).toBe("/home/community");
    expect(await order()).toEqual(["C", "A", "B"]);
    expect((await admin.post(`/home/community/${a.id}/move`, { direction: "sideways" })).status).toBe(422);

    const whole = await admin.post("/home/community/order", { ids: [b.id, a.id, c.id] });
    expect(whole.status).toBe(200);
    expect(await order()).toEqual(["B", "A", "C"]);
    const stale = await admin.post("/home/community/order", { ids: [b.id, a.id] });
    expect(stale.status).toBe(422);
    expect(stale.body.errors.ids).toEqual(["The list of topics has changed meanwhile. Reload the page and try again."]);
    expect(await order()).toEqual(["B", "A", "C"]);
  });

  it("saves a dragged order that /community then shows, and refuses a list that is not exactly the topics", async () => {
    await clearTopics();
    const a = await createTopic({ title: "Alpha lounge" });
    const b = await createTopic({ title: "Beta lounge" });
    const c = await createTopic({ title: "Gamma lounge" });
    const guest = await visitor(server, "/login");
    const shown = async () => {
      const words = text((await guest.page("/community")).html);
      return ["Alpha lounge", "Beta lounge", "Gamma lounge"].sort((x, y) => words.indexOf(x) - words.indexOf(y));
    };
    expect(await shown()).toEqual(["Alpha lounge", "Beta lounge", "Gamma lounge"]);

    const saved = await admin.post("/home/community/order", { ids: [c.id, a.id, b.id] });
    expect(saved.status).toBe(200);
    expect(saved.body.ids).toEqual([c.id, a.id, b.id]);
    expect(await order()).toEqual(["Gamma lounge", "Alpha lounge", "Beta lounge"]);
    expect(await shown()).toEqual(["Gamma lounge", "Alpha lounge", "Beta lounge"]);
    // The admin's page lists them so too (the server-rendered list, before any script).
    const words = text((await admin.page("/home/community")).html);
    expect(words.indexOf("Gamma lounge")).toBeLessThan(words.indexOf("Alpha lounge"));
    expect(words.indexOf("Alpha lounge")).toBeLessThan(words.indexOf("Beta lounge"));

    const post = await server.handle.db
      .selectFrom("community_topics")
      .select(({ fn }) => fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    const foreign = Number(post.id) + 1000;
    const wrong = {
      missing: [c.id, a.id],
      extra: [c.id, a.id, b.id, foreign],
      foreign: [c.id, a.id, foreign],
      repeated: [c.id, a.id, a.id],
      "not a list": "1,2,3",
    };
    for (const [what, ids] of Object.entries(wrong)) {
      const refused = await admin.post("/home/community/order", { ids });
      expect(refused.status, what).toBe(422);
      expect(refused.body.errors.ids, what).toBeDefined();
    }
    expect((await admin.post("/home/community/order", { ids: [a.id, b.id, foreign] })).body.errors.ids).toEqual([
      "The list of topics has changed meanwhile. Reload the page and try again.",
    ]);
    const noToken = await admin.post("/home/community/order", { ids: [a.id, b.id, c.id] }, { csrf: false });
    expect(noToken.status).toBe(419);
    expect(await order()).toEqual(["Gamma lounge", "Alpha lounge", "Beta lounge"]);
    expect(await shown()).toEqual(["Gamma lounge", "Alpha lounge", "Beta lounge"]);
  });
});

describe("deleting", () => {
  it("deletes a topic with its posts, keys, pictures, the posts' comments, replies and votes, and nothing else", async () => {
    await clearTopics();
    const doomed = await createTopic({ title: "Doomed", visibility: "restricted", product_ids: [productId] });
    const kept = await createTopic({ title: "Kept" });
    const db = server.handle.db;
    const adminId = (await db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow())
      .id;
    const now = new Date().toISOString();
    const post = async (topicId: number) =>
      (
        await db
          .insertInto("community_posts")
          .values({ topic_id: topicId, user_id: adminId, title: "P", body: "B", created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const comment = async (postId: number) =>
      (
        await db
          .insertInto("comments")
          .values({
            commentable_type: "post",
            commentable_id: postId,
            user_id: adminId,
            body: "A comment",
            video_id: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const doomedPost = await post(doomed.id);
    // The doomed post's picture, stored where the server's disk storage keeps it (DATA_DIR/files/<key>).
    const imageKey = `images/posts/${"ab".repeat(16)}.png`;
    const imageFile = path.join(server.database.dataDir, "files", imageKey);
    fs.mkdirSync(path.dirname(imageFile), { recursive: true });
    fs.writeFileSync(imageFile, "png bytes");
    await db.updateTable("community_posts").set({ image: imageKey }).where("id", "=", doomedPost).execute();
    const keptPost = await post(kept.id);
    const doomedComment = await comment(doomedPost);
    const keptComment = await comment(keptPost);
    const vote = (type: "post" | "comment", id: number) =>
      db
        .insertInto("votes")
        .values({ votable_type: type, votable_id: id, user_id: adminId, value: 1, created_at: now })
        .execute();
    await vote("post", doomedPost);
    await vote("comment", doomedComment);
    await vote("post", keptPost);
    await vote("comment", keptComment);

    const deleted = await admin.json("DELETE", `/home/community/${doomed.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await order()).toEqual(["Kept"]);
    const ids = async (table: "community_posts" | "comments") =>
      (await db.selectFrom(table).select("id").execute()).map((row) => row.id);
    expect(await ids("community_posts")).toEqual([keptPost]);
    expect(await ids("comments")).toEqual([keptComment]);
    const votes = await db.selectFrom("votes").select(["votable_type", "votable_id"]).orderBy("votable_type").execute();
    expect(votes).toEqual([
      { votable_type: "comment", votable_id: keptComment },
      { votable_type: "post", votable_id: keptPost },
    ]);
    expect(await db.selectFrom("community_topic_products").select("topic_id").execute()).toEqual([]);
    expect(fs.existsSync(imageFile)).toBe(false);
    expect((await admin.json("DELETE", `/home/community/${doomed.id}`)).status).toBe(404);
  });

  it("deletes by the page's plain form", async () => {
    await clearTopics();
    const topic = await createTopic({ title: "Plain delete" });
    await admin.page(`/home/community/${topic.id}`);
    const response = await plainForm(
      `/home/community/${topic.id}/delete`,
      { confirm: "on" },
      `/home/community/${topic.id}`,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/home/community?deleted=1");
    expect(await order()).toEqual([]);
  });
});

describe("in a Polish school", () => {
  it("says the field errors and the screens in Polish", async () => {
    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN" });
    try {
      // The school is cached for two seconds per process.
      const empty = await waitFor(async () => {
        const response = await admin.post("/home/community", { title: "" });
        return response.body.errors?.title?.[0] === "Nadaj tematowi tytuł (od 1 do 120 znaków)." ? response : undefined;
      });
      expect(empty.status).toBe(422);
      const restricted = await admin.post("/home/community", { title: "Zamknięty", visibility: "restricted" });
      expect(restricted.body.errors).toEqual({
        product_ids: [
          "Temat ograniczony potrzebuje co najmniej jednego produktu: inaczej żaden kursant nie mógłby go otworzyć.",
        ],
      });
      const long = await admin.post("/home/community", { title: "x".repeat(121), description: "d".repeat(1001) });
      expect(long.body.errors).toEqual({
        title: ["Tytuł może mieć najwyżej 120 znaków."],
        description: ["Opis może mieć najwyżej 1000 znaków."],
      });
      await clearTopics();
      const page = await admin.page("/home/community");
      expect(text(page.html)).toContain("Nie ma jeszcze tematów");
      expect(text(page.html)).toContain("Społeczność");
    } finally {
      await changeSettings(
        admin,
        { ...englishSchool, language: "pl", currency: "PLN" },
        { language: "en", currency: "EUR" },
      );
    }
  });
});
