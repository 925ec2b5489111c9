// The community gallery over HTTP (spec §2, §3 Lightbox image, §6, §7; issue 14 item 6):
// POST /json/community/gallery-preview[/{topicId}] and POST /json/community/gallery[/{topicId}] (pages by
// next_page_url), and the pages /community/gallery[/{topicId}]: what each viewer sees, the topic filter, the refusal
// of a restricted topic, hidden posts, and keyset pages without repeats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, type JsonResponse } from "../helpers/browser-client.ts";
import { newStudent, userIdOf } from "../helpers/discussion-fixtures.ts";
import { arrangePost, arrangeTopic, arrangeTopicKey, storePostImage } from "../helpers/gallery-fixtures.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let adminId: number;
let keyHolder: Awaited<ReturnType<typeof newStudent>>;
let stranger: Awaited<ReturnType<typeof newStudent>>;
let open: { id: number; title: string };
let other: { id: number; title: string };
let closed: { id: number; title: string };
const posts: Record<string, number> = {};

async function visitor() {
  const client = new BrowserClient(server.url);
  await client.page("/login");
  return client;
}

const postIds = (body: { images: { post_id: number }[] }) => body.images.map((image) => image.post_id);

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  adminId = await userIdOf(server.handle.db, owner.email);
  keyHolder = await newStudent(server, "Kasia Key");
  stranger = await newStudent(server, "Sam Stranger");
  const db = server.handle.db;
  open = await arrangeTopic(db, { title: "Landscapes" });
  other = await arrangeTopic(db, { title: "Portraits" });
  closed = await arrangeTopic(db, { title: "Members only", visibility: "restricted" });
  await arrangeTopicKey(db, closed.id, [keyHolder.id]);
  const image = () => storePostImage(server.database.dataDir, { width: 12, height: 8 });
  posts.lake = (
    await arrangePost(db, {
      topicId: open.id,
      userId: stranger.id,
      title: "A lake at dawn",
      image: await image(),
      size: { width: 12, height: 8 },
    })
  ).id;
  posts.words = (await arrangePost(db, { topicId: open.id, userId: stranger.id, title: "Only words" })).id;
  posts.face = (
    await arrangePost(db, { topicId: other.id, userId: stranger.id, title: "A face", image: await image() })
  ).id;
  posts.secret = (
    await arrangePost(db, {
      topicId: closed.id,
      userId: adminId,
      byAdmin: true,
      title: "Members' view",
      image: await image(),
    })
  ).id;
  posts.hidden = (
    await arrangePost(db, {
      topicId: open.id,
      userId: stranger.id,
      title: "Hidden by a moderator",
      image: await image(),
      hidden: true,
    })
  ).id;
  posts.hill = (
    await arrangePost(db, { topicId: open.id, userId: keyHolder.id, title: "A hill at noon", image: await image() })
  ).id;
});
afterAll(() => server?.stop());

describe("POST /json/community/gallery", () => {
  it("answers a visitor the public topics' images, newest first, as §3 Lightbox images whose files answer 200", async () => {
    const client = await visitor();
    const response = await client.post("/json/community/gallery");
    expect(response.status).toBe(200);
    expect(response.body.community_topic).toBeNull();
    expect(response.body.next_page_url).toBeNull();
    expect(postIds(response.body)).toEqual([posts.hill, posts.face, posts.lake]);
    const lake = response.body.images[2];
    expect(lake).toMatchObject({
      post_id: posts.lake,
      alt: "A lake at dawn",
      caption: "A lake at dawn",
      width: 12,
      height: 8,
      post_url: `/community/posts/${posts.lake}`,
      topic_id: open.id,
    });
    expect(lake.src).toMatch(/^\/files\/images\/posts\/[0-9a-f]{32}\.png$/);
    expect(lake.thumbnail).toBe(lake.src);
    const file = await client.raw(lake.src);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("adds the restricted topics a student holds a key to, and hidden posts for admins only", async () => {
    expect(postIds((await stranger.client.post("/json/community/gallery")).body)).toEqual([
      posts.hill,
      posts.face,
      posts.lake,
    ]);
    expect(postIds((await keyHolder.client.post("/json/community/gallery")).body)).toEqual([
      posts.hill,
      posts.secret,
      posts.face,
      posts.lake,
    ]);
    expect(postIds((await admin.post("/json/community/gallery")).body)).toEqual([
      posts.hill,
      posts.hidden,
      posts.secret,
      posts.face,
      posts.lake,
    ]);
  });

  it("filters by topic; a restricted topic is 401 for visitors and 404 for students without a key", async () => {
    const client = await visitor();
    const inOpen = await client.post(`/json/community/gallery/${open.id}`);
    expect(inOpen.status).toBe(200);
    expect(inOpen.body.community_topic).toMatchObject({ id: open.id, title: "Landscapes" });
    expect(postIds(inOpen.body)).toEqual([posts.hill, posts.lake]);
    expect(postIds((await admin.post(`/json/community/gallery/${open.id}`)).body)).toEqual([
      posts.hill,
      posts.hidden,
      posts.lake,
    ]);

    expect((await client.post(`/json/community/gallery/${closed.id}`)).status).toBe(401);
    expect((await client.post(`/json/community/gallery-preview/${closed.id}`)).status).toBe(401);
    expect((await stranger.client.post(`/json/community/gallery/${closed.id}`)).status).toBe(404);
    expect((await stranger.client.post(`/json/community/gallery-preview/${closed.id}`)).status).toBe(404);
    const member = await keyHolder.client.post(`/json/community/gallery/${closed.id}`);
    expect(member.status).toBe(200);
    expect(postIds(member.body)).toEqual([posts.secret]);
    expect((await client.post("/json/community/gallery/99999999")).status).toBe(404);
    expect((await client.post("/json/community/gallery/abc")).status).toBe(404);
    expect((await client.post("/json/community/gallery?cursor=abc")).status).toBe(404);
  });

  it("needs the CSRF header like every call (419)", async () => {
    const client = await visitor();
    expect((await client.post("/json/community/gallery", {}, { csrf: false })).status).toBe(419);
  });
});

describe("POST /json/community/gallery-preview", () => {
  it("answers the newest readable images and the full gallery's address for 'See all'", async () => {
    const client = await visitor();
    const all = await client.post("/json/community/gallery-preview");
    expect(all.status).toBe(200);
    expect(all.body.see_all_url).toBe("/community/gallery");
    expect(postIds(all.body)).toEqual([posts.hill, posts.face, posts.lake]);
    const one = await keyHolder.client.post(`/json/community/gallery-preview/${closed.id}`);
    expect(one.body.see_all_url).toBe(`/community/gallery/${closed.id}`);
    expect(postIds(one.body)).toEqual([posts.secret]);
  });
});

describe("keyset pages", () => {
  it("walks next_page_url to the end without repeats or gaps, even when a photo arrives meanwhile", async () => {
    const db = server.handle.db;
    const topic = await arrangeTopic(db, { title: "Many photos" });
    const key = await storePostImage(server.database.dataDir);
    const posted: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      posted.push((await arrangePost(db, { topicId: topic.id, userId: stranger.id, image: key })).id);
    }
    const client = await visitor();
    const seen: number[] = [];
    let url: string | null = `/json/community/gallery/${topic.id}`;
    let pages = 0;
    while (url && pages < 5) {
      const response: JsonResponse = await client.post(url);
      expect(response.status).toBe(200);
      seen.push(...postIds(response.body));
      if (pages === 0) {
        expect(response.body.images).toHaveLength(24);
        await arrangePost(db, { topicId: topic.id, userId: stranger.id, image: key });
      }
      url = response.body.next_page_url;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual([...posted].reverse());
  });
});

describe("the pages", () => {
  it("render the gallery with its heading, the topic's title, and an empty state", async () => {
    const client = await visitor();
    const all = await client.page("/community/gallery");
    expect(all.status).toBe(200);
    expect(all.html).toMatch(/<h1[^>]*>Gallery<\/h1>/);
    const landscapes = await client.page(`/community/gallery/${open.id}`);
    expect(landscapes.html).toContain("A lake at dawn");
    expect(landscapes.html).not.toContain("Hidden by a moderator");
    const one = await client.page(`/community/gallery/${other.id}`);
    expect(one.status).toBe(200);
    expect(one.html).toContain("Portraits");
    expect(one.html).toContain("A face");
    expect(one.html).not.toContain("A lake at dawn");
    const empty = await arrangeTopic(server.handle.db, { title: "Quiet corner" });
    const none = await client.page(`/community/gallery/${empty.id}`);
    expect(none.status).toBe(200);
    expect(none.html).toContain("No photos yet.");
  });

  it("send a visitor to log in for a restricted topic, and answer 404 to a student without its key", async () => {
    const client = await visitor();
    const response = await client.raw(`/community/gallery/${closed.id}`, { headers: { accept: "text/html" } });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toMatch(/^\/login\?next=/);
    expect((await stranger.client.page(`/community/gallery/${closed.id}`)).status).toBe(404);
    const member = await keyHolder.client.page(`/community/gallery/${closed.id}`);
    expect(member.status).toBe(200);
    expect(member.html).toContain("Members&#x27; view");
  });
});
