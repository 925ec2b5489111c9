// The gallery's reading rules (spec §2, §6, issue 14 item 6): which images an actor sees, in which order, by pages
// without repeats, and the refusals of a topic the actor may not read.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "#core/errors.ts";
import type { Actor } from "#core/shared/actor.ts";
import { visitor } from "#core/shared/actor.ts";
import type { Db } from "#platform/db/connection.ts";
import { arrangePost, arrangeTopic, arrangeTopicKey, arrangeUser } from "#tests/helpers/gallery-fixtures.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { gallery } from "./gallery.ts";
import { imagePostsQuery } from "./gallery-images.ts";
import { galleryPreview, PREVIEW_SIZE } from "./gallery-preview.ts";

let database: UnitDatabase;
let db: Db;
let author: number;
let admin: Actor;
let keyHolder: Actor;
let stranger: Actor;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  author = await arrangeUser(db);
  admin = { kind: "admin", userId: await arrangeUser(db, "admin") };
  keyHolder = { kind: "student", userId: await arrangeUser(db) };
  stranger = { kind: "student", userId: await arrangeUser(db) };
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await db.deleteFrom("community_posts").execute();
  await db.deleteFrom("community_topic_products").execute();
  await db.deleteFrom("community_topics").execute();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "allowed";
}

/** A public and a restricted topic (the key held by keyHolder), with image posts, a hidden one and a text post. */
async function arrangeCommunity() {
  const open = await arrangeTopic(db, { title: "Open topic" });
  const closed = await arrangeTopic(db, { title: "Closed topic", visibility: "restricted" });
  await arrangeTopicKey(db, closed.id, [keyHolder.kind === "student" ? keyHolder.userId : 0]);
  const first = await arrangePost(db, {
    topicId: open.id,
    userId: author,
    title: "First photo",
    image: "images/posts/a.png",
  });
  const text = await arrangePost(db, { topicId: open.id, userId: author, title: "Only words here" });
  const secret = await arrangePost(db, {
    topicId: closed.id,
    userId: author,
    title: "Members' photo",
    image: "images/posts/b.png",
  });
  const hidden = await arrangePost(db, {
    topicId: open.id,
    userId: author,
    title: "Hidden photo",
    image: "images/posts/c.png",
    hidden: true,
  });
  const last = await arrangePost(db, {
    topicId: open.id,
    userId: author,
    title: "Latest photo",
    image: "images/posts/d.png",
    size: { width: 1200, height: 800 },
  });
  return { open, closed, first, text, secret, hidden, last };
}

describe("gallery", () => {
  it("answers a visitor the public topics' images, newest first, in the §3 Lightbox image shape", async () => {
    const c = await arrangeCommunity();
    const page = await gallery(db, visitor, null, null);
    expect(page.community_topic).toBeNull();
    expect(page.next_page_url).toBeNull();
    expect(page.images.map((image) => image.post_id)).toEqual([c.last.id, c.first.id]);
    expect(page.images[0]).toEqual({
      id: c.last.id,
      src: "/files/images/posts/d.png",
      thumbnail: "/files/images/posts/d.png",
      alt: "Latest photo",
      caption: "Latest photo",
      width: 1200,
      height: 800,
      post_id: c.last.id,
      post_url: `/community/posts/${c.last.id}`,
      topic_id: c.open.id,
    });
  });

  it("adds the restricted topics a student holds a key to, and everything (hidden posts too) for admins", async () => {
    const c = await arrangeCommunity();
    const ids = async (actor: Actor) => (await gallery(db, actor, null, null)).images.map((image) => image.post_id);
    expect(await ids(stranger)).toEqual([c.last.id, c.first.id]);
    expect(await ids(keyHolder)).toEqual([c.last.id, c.secret.id, c.first.id]);
    expect(await ids(admin)).toEqual([c.last.id, c.hidden.id, c.secret.id, c.first.id]);
  });

  it("filters by topic, and refuses a restricted topic: 401 for visitors, 404 for students without a key", async () => {
    const c = await arrangeCommunity();
    const inOpen = await gallery(db, visitor, String(c.open.id), null);
    expect(inOpen.community_topic).toEqual({ id: c.open.id, title: "Open topic", description: "About Open topic" });
    expect(inOpen.images.map((image) => image.post_id)).toEqual([c.last.id, c.first.id]);
    const inClosed = await gallery(db, keyHolder, String(c.closed.id), null);
    expect(inClosed.images.map((image) => image.post_id)).toEqual([c.secret.id]);
    expect(await refusal(gallery(db, visitor, String(c.closed.id), null))).toBe("unauthenticated");
    expect(await refusal(gallery(db, stranger, String(c.closed.id), null))).toBe("not_found");
    expect(await refusal(galleryPreview(db, visitor, String(c.closed.id)))).toBe("unauthenticated");
    expect(await refusal(galleryPreview(db, stranger, String(c.closed.id)))).toBe("not_found");
    expect(await refusal(gallery(db, admin, "999999", null))).toBe("not_found");
    expect(await refusal(gallery(db, admin, "abc", null))).toBe("not_found");
    expect(await refusal(gallery(db, admin, null, "1e3"))).toBe("not_found");
  });

  it("pages by keyset on the post id: no repeats, no gaps, even when posts arrive between pages", async () => {
    const topic = await arrangeTopic(db);
    const posted: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      posted.push((await arrangePost(db, { topicId: topic.id, userId: author, image: `images/posts/p${i}.png` })).id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < 10; round += 1) {
      const page = await gallery(db, visitor, null, cursor, 3);
      seen.push(...page.images.map((image) => image.post_id));
      if (round === 0) await arrangePost(db, { topicId: topic.id, userId: author, image: "images/posts/new.png" });
      if (!page.next_page_url) break;
      expect(page.next_page_url).toMatch(/^\/json\/community\/gallery\?cursor=\d+$/);
      cursor = new URL(page.next_page_url, "http://x").searchParams.get("cursor");
    }
    expect(seen).toEqual([...posted].reverse());
    const inTopic = await gallery(db, visitor, String(topic.id), null, 3);
    expect(inTopic.next_page_url).toMatch(new RegExp(`^/json/community/gallery/${topic.id}\\?cursor=\\d+$`));
  });
});

describe("the keyset reads", () => {
  // SQLite's plan (PostgreSQL chooses by its statistics, which an almost empty test database does not have).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "read one range of a partial image index backwards, without sorting, per topic and over all topics",
    async () => {
      const plan = async (query: { compile(): CompiledQuery }) => {
        const compiled = query.compile();
        const result = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
        );
        return result.rows.map((row) => row.detail).join("\n");
      };
      for (const actor of [visitor, admin]) {
        const oneTopic = await plan(imagePostsQuery(db, actor, 3, 1000, 25));
        expect(oneTopic).toMatch(/USING INDEX community_posts_images \(topic_id=\? AND id<\?\)/);
        const allTopics = await plan(imagePostsQuery(db, actor, null, 1000, 25));
        expect(allTopics).toMatch(/USING INDEX community_posts_all_images \(id<\?\)/);
        const firstPage = await plan(imagePostsQuery(db, actor, null, null, 25));
        expect(firstPage).toMatch(/USING INDEX community_posts_all_images/);
        for (const text of [oneTopic, allTopics, firstPage]) expect(text).not.toMatch(/TEMP B-TREE/);
      }
    },
  );

  it("merges the readable topics' own pages when only some are readable, newest first", async () => {
    const open = await arrangeTopic(db);
    const other = await arrangeTopic(db);
    const closed = await arrangeTopic(db, { visibility: "restricted" });
    const ids: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const topicId = [open.id, other.id, closed.id][i % 3]!;
      ids.push((await arrangePost(db, { topicId, userId: author, image: `images/posts/m${i}.png` })).id);
    }
    const readable = ids.filter((_, i) => i % 3 !== 2).reverse();
    const first = await gallery(db, stranger, null, null, 4);
    expect(first.images.map((image) => image.post_id)).toEqual(readable.slice(0, 4));
    const cursor = new URL(first.next_page_url!, "http://x").searchParams.get("cursor");
    const second = await gallery(db, stranger, null, cursor, 4);
    expect(second.images.map((image) => image.post_id)).toEqual(readable.slice(4));
    expect(second.next_page_url).toBeNull();
  });
});

describe("galleryPreview", () => {
  it("answers the newest images (at most three rows of three) and where 'See all' leads", async () => {
    const topic = await arrangeTopic(db);
    const posted: number[] = [];
    for (let i = 0; i < PREVIEW_SIZE + 2; i += 1) {
      posted.push((await arrangePost(db, { topicId: topic.id, userId: author, image: `images/posts/q${i}.png` })).id);
    }
    const all = await galleryPreview(db, visitor, null);
    expect(all.see_all_url).toBe("/community/gallery");
    expect(all.images.map((image) => image.post_id)).toEqual([...posted].reverse().slice(0, PREVIEW_SIZE));
    const one = await galleryPreview(db, visitor, topic.id);
    expect(one.see_all_url).toBe(`/community/gallery/${topic.id}`);
    expect(one.community_topic?.id).toBe(topic.id);
  });

  it("is empty where no image was posted", async () => {
    const topic = await arrangeTopic(db);
    await arrangePost(db, { topicId: topic.id, userId: author });
    expect((await galleryPreview(db, visitor, null)).images).toEqual([]);
    expect((await galleryPreview(db, visitor, topic.id)).images).toEqual([]);
  });
});
