// The keys to restricted topics (core/community/topic-access.ts) on the test database (SQLite, or PostgreSQL
// with TEST_DATABASE_URL): owning one of a topic's products opens it (product_access); a course product opens it
// to anyone with access to the course (course_access, a grant or a team seat with no product row of their own);
// revoked, ended or not yet started access opens nothing; a public topic needs no key; a visitor holds none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdsTopicKey, registerTopicKeyProvider, topicIdsWithKey } from "#core/community/topic-access.ts";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { addCourseProduct, addUser } from "../helpers/invoice-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

let database: TestDatabase;
let handle: DbHandle;
const now = "2026-06-01T12:00:00.000Z";
const past = "2026-01-01T00:00:00.000Z";
const future = "2027-01-01T00:00:00.000Z";

async function addTopic(visibility: "public" | "restricted", productIds: number[] = []): Promise<number> {
  const { id } = await handle.db
    .insertInto("community_topics")
    .values({ title: `T ${visibility}`, visibility, created_at: past, updated_at: past })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const productId of productIds) {
    await handle.db.insertInto("community_topic_products").values({ topic_id: id, product_id: productId }).execute();
  }
  return id;
}

async function addFileProduct(title: string): Promise<number> {
  const { id } = await handle.db
    .insertInto("products")
    .values({
      kind: "file",
      title,
      slug: `f-${title.toLowerCase().replace(/\W+/g, "-")}`,
      currency: "EUR",
      vat_rate: 23,
      status: "published",
      created_at: past,
      updated_at: past,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

type Window = { starts_at?: string; ends_at?: string | null; revoked_at?: string | null };

async function grantProduct(userId: number, productId: number, window: Window = {}) {
  await handle.db
    .insertInto("product_access")
    .values({
      user_id: userId,
      product_id: productId,
      transaction_id: null,
      starts_at: window.starts_at ?? past,
      ends_at: window.ends_at ?? null,
      revoked_at: window.revoked_at ?? null,
      created_at: past,
    })
    .execute();
}

async function courseOf(productId: number): Promise<number> {
  const row = await handle.db.selectFrom("products").select("course_id").where("id", "=", productId).executeTakeFirst();
  return row!.course_id!;
}

async function grantCourse(userId: number, courseId: number, window: Window = {}) {
  await handle.db
    .insertInto("course_access")
    .values({
      user_id: userId,
      course_id: courseId,
      starts_at: window.starts_at ?? past,
      ends_at: window.ends_at ?? null,
      source: "admin",
      granted_by: null,
      revoked_at: window.revoked_at ?? null,
      created_at: past,
    })
    .execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(
    database.url.startsWith("postgres")
      ? { kind: "postgres", url: database.url }
      : { kind: "sqlite", file: database.url },
    { poolSize: 1 },
  );
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe("product keys", () => {
  it("opens a restricted topic to the owner of one of its products, and only that topic", async () => {
    const ebook = await addFileProduct("Ebook");
    const other = await addFileProduct("Other file");
    const topic = await addTopic("restricted", [ebook]);
    const otherTopic = await addTopic("restricted", [other]);
    const owner = await addUser(handle.db, "owner@example.com");
    const stranger = await addUser(handle.db, "stranger@example.com");
    await grantProduct(owner, ebook);

    expect(await holdsTopicKey(handle.db, owner, topic, now)).toBe(true);
    expect(await holdsTopicKey(handle.db, owner, otherTopic, now)).toBe(false);
    expect(await holdsTopicKey(handle.db, stranger, topic, now)).toBe(false);
    expect(await holdsTopicKey(handle.db, null, topic, now)).toBe(false);
  });

  it("gives no key for revoked, ended or not yet started product access", async () => {
    const product = await addFileProduct("Timed file");
    const topic = await addTopic("restricted", [product]);
    const revoked = await addUser(handle.db, "revoked@example.com");
    const ended = await addUser(handle.db, "ended@example.com");
    const later = await addUser(handle.db, "later@example.com");
    const current = await addUser(handle.db, "current@example.com");
    await grantProduct(revoked, product, { revoked_at: past });
    await grantProduct(ended, product, { ends_at: "2026-05-31T00:00:00.000Z" });
    await grantProduct(later, product, { starts_at: future });
    await grantProduct(current, product, { ends_at: future });

    for (const user of [revoked, ended, later]) expect(await holdsTopicKey(handle.db, user, topic, now)).toBe(false);
    expect(await holdsTopicKey(handle.db, current, topic, now)).toBe(true);
    // The same access, asked about after it ends, opens nothing.
    expect(await holdsTopicKey(handle.db, current, topic, "2027-02-01T00:00:00.000Z")).toBe(false);
    // Not yet started: opens once its start has come.
    expect(await holdsTopicKey(handle.db, later, topic, "2027-02-01T00:00:00.000Z")).toBe(true);
  });
});

describe("course keys", () => {
  it("opens a topic keyed by a course product to anyone with access to the course", async () => {
    const courseProduct = await addCourseProduct(handle.db, "Course with a community", "EUR");
    const courseId = await courseOf(courseProduct);
    const topic = await addTopic("restricted", [courseProduct]);
    const learner = await addUser(handle.db, "learner@example.com");
    const outsider = await addUser(handle.db, "outsider@example.com");
    await grantCourse(learner, courseId);

    expect(await holdsTopicKey(handle.db, learner, topic, now)).toBe(true);
    expect(await holdsTopicKey(handle.db, outsider, topic, now)).toBe(false);
  });

  it("gives no key for revoked, ended or not yet started course access", async () => {
    const courseProduct = await addCourseProduct(handle.db, "Course with timed access", "EUR");
    const courseId = await courseOf(courseProduct);
    const topic = await addTopic("restricted", [courseProduct]);
    const revoked = await addUser(handle.db, "c-revoked@example.com");
    const ended = await addUser(handle.db, "c-ended@example.com");
    const later = await addUser(handle.db, "c-later@example.com");
    await grantCourse(revoked, courseId, { revoked_at: past });
    await grantCourse(ended, courseId, { ends_at: "2026-05-31T00:00:00.000Z" });
    await grantCourse(later, courseId, { starts_at: future });

    for (const user of [revoked, ended, later]) expect(await holdsTopicKey(handle.db, user, topic, now)).toBe(false);
  });

  it("does not open a topic keyed by another course's product", async () => {
    const mine = await addCourseProduct(handle.db, "My course", "EUR");
    const theirs = await addCourseProduct(handle.db, "Their course", "EUR");
    const topic = await addTopic("restricted", [theirs]);
    const learner = await addUser(handle.db, "mine@example.com");
    await grantCourse(learner, await courseOf(mine));
    expect(await holdsTopicKey(handle.db, learner, topic, now)).toBe(false);
  });
});

describe("topicIdsWithKey", () => {
  it("lists every restricted topic a user holds a key to, through any product of it, once", async () => {
    const a = await addFileProduct("Key A");
    const b = await addFileProduct("Key B");
    const both = await addTopic("restricted", [a, b]);
    const onlyB = await addTopic("restricted", [b]);
    const publicTopic = await addTopic("public");
    const user = await addUser(handle.db, "both@example.com");
    await grantProduct(user, a);
    await grantProduct(user, b);

    const held = await topicIdsWithKey(handle.db, user, now);
    expect(held.has(both)).toBe(true);
    expect(held.has(onlyB)).toBe(true);
    // A public topic needs no key: none is listed for it.
    expect(held.has(publicTopic)).toBe(false);
    expect((await topicIdsWithKey(handle.db, null, now)).size).toBe(0);
  });

  it("takes one more kind of key from a registered provider (the memberships issue's plans)", async () => {
    const topic = await addTopic("restricted", [await addFileProduct("Unsold")]);
    const member = await addUser(handle.db, "member@example.com");
    registerTopicKeyProvider({
      name: "test-plan",
      topicIdsHeldBy: async (_db, userId) => (userId === member ? [topic] : []),
    });
    try {
      expect(await holdsTopicKey(handle.db, member, topic, now)).toBe(true);
    } finally {
      registerTopicKeyProvider({ name: "test-plan", topicIdsHeldBy: async () => [] });
    }
    expect(await holdsTopicKey(handle.db, member, topic, now)).toBe(false);
  });
});
