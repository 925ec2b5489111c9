// The periodic media maintenance on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): uploads
// still pending after a day lose their row and their bytes (on disk, and in a bucket under incoming/ and
// checking/), tus pieces idle for a day go, local videos that never got their file are marked failed, and
// Bunny videos without news are re-checked with the GET video object's mapping (and given their lecture
// component, or deleted at Bunny when nothing was uploaded in a day). Fresh things are left alone.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBunnyStream } from "#integrations/video/bunny.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import { createDiskStorage } from "#integrations/storage/disk.ts";
import { createResumableStore, type ResumableStore } from "#platform/storage/resumable.ts";
import { createS3Storage } from "#integrations/storage/s3.ts";
import { type FakeBunny, startFakeBunny } from "#tests/fakes/bunny.ts";
import { type FakeS3, startFakeS3 } from "#tests/fakes/s3.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { RECHECK_AFTER_MS, recheckHostedVideos } from "./hosted-video.ts";
import { cleanAbandonedUploads } from "./media-maintenance.ts";

const HOUR = 3600 * 1000;
let database: UnitDatabase;
let db: Db;
let resumable: ResumableStore;
let s3: FakeS3;
let bunny: FakeBunny;
const bucket = { bucket: "b", region: "us-east-1", accessKeyId: "AKID", secretAccessKey: "secret" };
const library = { libraryId: "77", apiKey: "api-key", readOnlyKey: "read-only" };

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  resumable = createResumableStore({ root: path.join(database.dir, "uploads-in-progress") });
  s3 = await startFakeS3(bucket);
  bunny = await startFakeBunny(library);
});
afterEach(() => {
  expect(s3.unhandled).toEqual([]);
  expect(bunny.unhandled).toEqual([]);
});
afterAll(async () => {
  await s3?.close();
  await bunny?.close();
  await database?.drop();
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function upload(key: string, status: "pending" | "stored", createdAt: string) {
  await db
    .insertInto("uploads")
    .values({
      storage_key: key,
      context: "course-cover",
      user_id: null,
      content_type: "image/png",
      size: null,
      status,
      created_at: createdAt,
    })
    .execute();
}

const uploadKeys = async () =>
  (await db.selectFrom("uploads").select("storage_key").orderBy("storage_key").execute()).map((row) => row.storage_key);

describe("abandoned uploads", () => {
  it("removes day-old pending uploads and their files on disk, keeps fresh and stored ones", async () => {
    const storage = createDiskStorage({ root: path.join(database.dir, "files"), secret: Buffer.from("s".repeat(40)) });
    await upload("images/2026/01/old.png", "pending", ago(25 * HOUR));
    await upload("images/2026/01/fresh.png", "pending", ago(HOUR));
    await upload("images/2026/01/kept.png", "stored", ago(48 * HOUR));
    // The bytes of the old one arrived, but the row was never marked stored (a crash in between).
    await storage.put("images/2026/01/old.png", Buffer.from("x"), { contentType: "image/png" });
    await storage.put("images/2026/01/kept.png", Buffer.from("y"), { contentType: "image/png" });

    const report = await cleanAbandonedUploads({ db, storage, resumable });
    expect(report.uploads).toBe(1);
    expect(await uploadKeys()).toEqual(["images/2026/01/fresh.png", "images/2026/01/kept.png"]);
    expect(await storage.head("images/2026/01/old.png")).toBeNull();
    expect(await storage.head("images/2026/01/kept.png")).not.toBeNull();
    await db.deleteFrom("uploads").execute();
  });

  it("removes the bucket's incoming/ and checking/ objects of a day-old pending upload", async () => {
    const storage = createS3Storage({ ...bucket, endpoint: s3.endpoint, forcePathStyle: true });
    await upload("images/2026/02/old.png", "pending", ago(25 * HOUR));
    await upload("images/2026/02/fresh.png", "pending", ago(HOUR));
    for (const key of [
      "incoming/images/2026/02/old.png",
      "checking/images/2026/02/old.png",
      "incoming/images/2026/02/fresh.png",
    ]) {
      await storage.put(key, Buffer.from("x"), { contentType: "image/png" });
    }
    expect((await cleanAbandonedUploads({ db, storage, resumable })).uploads).toBe(1);
    expect([...s3.objects.keys()]).toEqual(["incoming/images/2026/02/fresh.png"]);
    expect(await uploadKeys()).toEqual(["images/2026/02/fresh.png"]);
    await db.deleteFrom("uploads").execute();
  });

  it("removes tus pieces idle for a day and marks their local videos failed; keeps active uploads", async () => {
    const storage = createDiskStorage({ root: path.join(database.dir, "files"), secret: Buffer.from("s".repeat(40)) });
    const video = async (createdAt: string) => {
      const { id } = await db
        .insertInto("videos")
        .values({
          provider: "local",
          storage_key: null,
          external_id: null,
          title: "v",
          status: 0,
          user_id: null,
          lecture_id: null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    };
    const abandoned = await video(ago(30 * HOUR));
    const stillUploading = await video(ago(30 * HOUR));
    const fresh = await video(ago(HOUR));
    await resumable.create(`video-${abandoned}`, { length: 100 });
    await resumable.append(`video-${abandoned}`, 0, Readable.from([Buffer.alloc(10)]));
    const dayAgo = new Date(Date.now() - 25 * HOUR);
    for (const suffix of [".part", ".json"])
      fs.utimesSync(path.join(database.dir, "uploads-in-progress", `video-${abandoned}${suffix}`), dayAgo, dayAgo);
    await resumable.create(`video-${stillUploading}`, { length: 100 });

    expect(await cleanAbandonedUploads({ db, storage, resumable })).toMatchObject({ resumable: 1, videos: 1 });
    expect(await resumable.get(`video-${abandoned}`)).toBeNull();
    expect(await resumable.get(`video-${stillUploading}`)).not.toBeNull();
    const statuses = await db.selectFrom("videos").select(["id", "status"]).orderBy("id").execute();
    expect(statuses).toEqual([
      { id: abandoned, status: 5 },
      { id: stillUploading, status: 0 },
      { id: fresh, status: 0 },
    ]);
  });
});

describe("re-checking Bunny videos", () => {
  const host = () =>
    createBunnyStream({
      libraryId: library.libraryId,
      apiKey: library.apiKey,
      webhookSecret: library.readOnlyKey,
      apiUrl: bunny.apiUrl,
      tusUrl: bunny.tusUrl,
      embedUrl: "https://iframe.mediadelivery.net/embed",
    });

  it("asks Bunny about videos without news, adds the missing component, deletes what never arrived", async () => {
    const now = nowIso();
    const { id: courseId } = await db
      .insertInto("courses")
      .values({
        slug: "recheck",
        title: "Recheck",
        description: "",
        status: "published",
        price_cents: 0,
        currency: "EUR",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: sectionId } = await db
      .insertInto("course_sections")
      .values({ course_id: courseId, title: "S", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: lectureId } = await db
      .insertInto("lectures")
      .values({
        section_id: sectionId,
        title: "L",
        duration_minutes: 1,
        access: "free",
        status: "published",
        position: 0,
        body: "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const atBunny = async (title: string, objectStatus: number) => {
      const { id } = await host().createVideo(title);
      bunny.videos.get(id)!.status = objectStatus;
      return id;
    };
    const row = async (externalId: string, status: number, changedAgo: number, createdAgo = changedAgo) => {
      const { id } = await db
        .insertInto("videos")
        .values({
          provider: "bunny",
          storage_key: null,
          external_id: externalId,
          title: "v",
          status,
          user_id: null,
          lecture_id: lectureId,
          created_at: ago(createdAgo),
          updated_at: ago(changedAgo),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    };
    const finished = await row(await atBunny("finished", 4), 1, RECHECK_AFTER_MS + 60_000);
    const transcoding = await row(await atBunny("transcoding", 3), 0, RECHECK_AFTER_MS + 60_000);
    const recent = await row(await atBunny("recent", 4), 1, 60_000);
    const neverUploadedGuid = await atBunny("never", 0);
    const neverUploaded = await row(neverUploadedGuid, 0, 25 * HOUR);
    const stillWaiting = await row(await atBunny("waiting", 0), 0, RECHECK_AFTER_MS + 60_000);

    expect(await recheckHostedVideos({ db, videoHost: host() })).toBe(4);
    const statusOf = async (id: number) =>
      (await db.selectFrom("videos").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    expect(await statusOf(finished)).toBe(3); // GET 4 finished -> ready
    expect(await statusOf(transcoding)).toBe(2); // GET 3 transcoding -> still processing (the webhook's 3 would be ready)
    expect(await statusOf(recent)).toBe(1); // too recent to ask
    expect(await statusOf(neverUploaded)).toBe(5);
    expect(bunny.videos.has(neverUploadedGuid)).toBe(false);
    expect(await statusOf(stillWaiting)).toBe(0);
    const components = await db
      .selectFrom("lecture_components")
      .select("data")
      .where("lecture_id", "=", lectureId)
      .execute();
    expect(
      components.map((c) => JSON.parse(c.data) as unknown).sort((a: any, b: any) => a.video_id - b.video_id),
    ).toEqual([
      { video_id: finished, title: "v" },
      { video_id: transcoding, title: "v" },
    ]);
    // Asked once per interval: an immediate second run asks nobody.
    expect(await recheckHostedVideos({ db, videoHost: host() })).toBe(0);
  });

  it("does nothing without a video host", async () => {
    expect(await recheckHostedVideos({ db, videoHost: null })).toBe(0);
  });
});
