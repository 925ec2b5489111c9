// Comments' videos on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): written with their comment,
// and the hourly sweep (the media.comment_video_sweep job, on a clock the test moves) that removes one never
// finished a day after it was created, with its tus pieces (ours) or its video at Bunny (the fake library), and
// unlinks it from its comment; a finished one, a fresh one and one Bunny finished meanwhile are kept.
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBunnyStream } from "#integrations/video/bunny.ts";
import { createDiskStorage } from "#integrations/storage/disk.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import { createResumableStore, type ResumableStore } from "#platform/storage/resumable.ts";
import { type FakeBunny, startFakeBunny } from "#tests/fakes/bunny.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import type { Storage } from "#core/ports/storage.ts";
import type { VideoHost } from "#core/ports/video-host.ts";
import { localUploadSignatureValid } from "./comment-video-access.ts";
import { createWithCommentVideo } from "./comment-video.ts";
import { commentVideoSweepJob } from "./jobs.ts";
import { uploadId } from "./video-upload.ts";

const HOUR = 3600 * 1000;
const secret = Buffer.from("c".repeat(40));
const library = { libraryId: "91", apiKey: "sweep-api-key", readOnlyKey: "sweep-read-only" };
let database: UnitDatabase;
let db: Db;
let storage: Storage;
let resumable: ResumableStore;
let bunny: FakeBunny;
let bunnyHost: VideoHost;
let userId: number;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  storage = createDiskStorage({ root: path.join(database.dir, "files"), secret });
  resumable = createResumableStore({ root: path.join(database.dir, "uploads-in-progress") });
  bunny = await startFakeBunny(library);
  bunnyHost = createBunnyStream({
    libraryId: library.libraryId,
    apiKey: library.apiKey,
    webhookSecret: library.readOnlyKey,
    apiUrl: bunny.apiUrl,
    tusUrl: bunny.tusUrl,
    embedUrl: "https://iframe.mediadelivery.net/embed",
  });
  const now = nowIso();
  ({ id: userId } = await db
    .insertInto("users")
    .values({
      email: "vera@example.com",
      name: "Vera",
      password_hash: "x",
      role: "student",
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow());
});
afterEach(() => expect(bunny.unhandled).toEqual([]));
afterAll(async () => {
  await bunny?.close();
  await database?.drop();
});

/** A comment on post 1 with a video, as POST /comments writes it, at the real time. */
async function commentWithVideo(videoHost: VideoHost | null, body = "My clip") {
  const { result, videoUpload } = await createWithCommentVideo(
    db,
    { videoHost, secret },
    { userId, body },
    async (trx, videoId) => {
      const now = nowIso();
      return trx
        .insertInto("comments")
        .values({
          commentable_type: "post",
          commentable_id: 1,
          user_id: userId,
          body,
          video_id: videoId,
          created_at: now,
          updated_at: now,
        })
        .returning(["id", "video_id"])
        .executeTakeFirstOrThrow();
    },
  );
  return { commentId: result.id, videoId: result.video_id!, videoUpload };
}

/** Runs the sweep job as a worker would, at `now`. */
async function sweep(videoHost: VideoHost | null, now: Date) {
  const log = { info() {}, warn() {}, error() {}, debug() {} };
  const handler = commentVideoSweepJob.handler({ storage, resumable, videoHost, now: () => now });
  await handler({}, { db, log: log as never, job: {} as never });
}

const videoIds = async () => (await db.selectFrom("videos").select("id").orderBy("id").execute()).map((v) => v.id);
const linkOf = async (commentId: number) =>
  (await db.selectFrom("comments").select("video_id").where("id", "=", commentId).executeTakeFirstOrThrow()).video_id;

describe("a comment's video", () => {
  it("is written with its comment and signed for our endpoint", async () => {
    const { commentId, videoId, videoUpload } = await commentWithVideo(null, "  A   clip\nwith words ");
    expect(await linkOf(commentId)).toBe(videoId);
    expect(videoUpload).toMatchObject({ endpoint: "/tus/videos", VideoId: String(videoId), LibraryId: "local" });
    expect(videoUpload.title).toBe("A clip with words");
    const headers = {
      AuthorizationSignature: videoUpload.AuthorizationSignature,
      AuthorizationExpire: String(videoUpload.AuthorizationExpire),
      VideoId: videoUpload.VideoId,
      LibraryId: videoUpload.LibraryId,
    };
    expect(localUploadSignatureValid(secret, videoId, headers)).toBe(true);
    expect(localUploadSignatureValid(secret, videoId + 1, { ...headers, VideoId: String(videoId + 1) })).toBe(false);
    expect(localUploadSignatureValid(Buffer.from("d".repeat(40)), videoId, headers)).toBe(false);
    const later = new Date((videoUpload.AuthorizationExpire + 1) * 1000);
    expect(localUploadSignatureValid(secret, videoId, headers, later)).toBe(false);
    await db.deleteFrom("comments").execute();
    await db.deleteFrom("videos").execute();
  });
});

describe("the sweep of unfinished comment videos", () => {
  it("removes a day-old unfinished local video with its tus pieces and unlinks it; keeps finished and fresh ones", async () => {
    const unfinished = await commentWithVideo(null);
    const finished = await commentWithVideo(null);
    const id = uploadId(unfinished.videoId);
    await resumable.create(id, { length: 100 });
    await resumable.append(id, 0, Readable.from([Buffer.alloc(40)]));
    await db
      .updateTable("videos")
      .set({ status: 3, storage_key: "videos/x.mp4" })
      .where("id", "=", finished.videoId)
      .execute();

    // An hour later nothing is old enough.
    await sweep(null, new Date(Date.now() + HOUR));
    expect(await videoIds()).toEqual([unfinished.videoId, finished.videoId]);
    expect(await resumable.get(id)).not.toBeNull();

    const fresh = await commentWithVideo(null);
    // A day and a bit later (the fresh one was made "now": it is as old, so it is moved out of reach).
    await db
      .updateTable("videos")
      .set({ created_at: new Date(Date.now() + 24 * HOUR).toISOString() })
      .where("id", "=", fresh.videoId)
      .execute();
    await sweep(null, new Date(Date.now() + 25 * HOUR));
    expect(await videoIds()).toEqual([finished.videoId, fresh.videoId]);
    expect(await resumable.get(id)).toBeNull();
    expect(await linkOf(unfinished.commentId)).toBeNull();
    expect(await linkOf(finished.commentId)).toBe(finished.videoId);
    // The comment itself stays.
    expect(await db.selectFrom("comments").select("id").where("id", "=", unfinished.commentId).execute()).toHaveLength(
      1,
    );
    await db.deleteFrom("comments").execute();
    await db.deleteFrom("videos").execute();
  });

  it("removes a community post's day-old unfinished video and unlinks the post; keeps the post and a ready one", async () => {
    const now = nowIso();
    const { id: topicId } = await db
      .insertInto("community_topics")
      .values({ title: "Sweep topic", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const postWithVideo = async (title: string) => {
      const { result, videoUpload } = await createWithCommentVideo(
        db,
        { videoHost: null, secret },
        { userId, body: title },
        async (trx, videoId) =>
          (
            await trx
              .insertInto("community_posts")
              .values({
                topic_id: topicId,
                user_id: userId,
                title,
                body: "With a video",
                image: null,
                image_width: null,
                image_height: null,
                video_url: null,
                video_id: videoId,
                pinned_at: null,
                hidden_at: null,
                created_at: now,
                updated_at: now,
              })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
      );
      return { postId: result, videoId: Number(videoUpload.VideoId) };
    };
    const unfinished = await postWithVideo("Never uploaded");
    const finished = await postWithVideo("Uploaded");
    await db
      .updateTable("videos")
      .set({ status: 3, storage_key: "videos/y.mp4" })
      .where("id", "=", finished.videoId)
      .execute();
    const postLink = async (postId: number) =>
      (await db.selectFrom("community_posts").select("video_id").where("id", "=", postId).executeTakeFirstOrThrow())
        .video_id;
    expect(await postLink(unfinished.postId)).toBe(unfinished.videoId);

    await sweep(null, new Date(Date.now() + 25 * HOUR));
    expect(await videoIds()).toEqual([finished.videoId]);
    expect(await postLink(unfinished.postId)).toBeNull();
    expect(await postLink(finished.postId)).toBe(finished.videoId);
    await db.deleteFrom("community_posts").execute();
    await db.deleteFrom("community_topics").execute();
    await db.deleteFrom("videos").execute();
  });

  it("deletes a day-old unfinished video at Bunny; keeps one Bunny has finished meanwhile (marked ready)", async () => {
    const neverSent = await commentWithVideo(bunnyHost);
    const finishedAtBunny = await commentWithVideo(bunnyHost);
    const ready = await commentWithVideo(bunnyHost);
    await db.updateTable("videos").set({ status: 3 }).where("id", "=", ready.videoId).execute();
    bunny.videos.get(finishedAtBunny.videoUpload.VideoId)!.status = 4;
    expect(bunny.videos.size).toBe(3);

    await sweep(bunnyHost, new Date(Date.now() + 25 * HOUR));
    expect(bunny.videos.has(neverSent.videoUpload.VideoId)).toBe(false);
    expect(bunny.videos.has(finishedAtBunny.videoUpload.VideoId)).toBe(true);
    expect(bunny.videos.has(ready.videoUpload.VideoId)).toBe(true);
    expect(await videoIds()).toEqual([finishedAtBunny.videoId, ready.videoId]);
    expect(await linkOf(neverSent.commentId)).toBeNull();
    const statuses = await db.selectFrom("videos").select(["id", "status"]).orderBy("id").execute();
    expect(statuses).toEqual([
      { id: finishedAtBunny.videoId, status: 3 },
      { id: ready.videoId, status: 3 },
    ]);
    // Bunny was not asked about the ready one.
    expect(bunny.requests.filter((r) => r.method === "GET" && r.path.endsWith(ready.videoUpload.VideoId))).toEqual([]);
  });
});

describe("the sweep of videos nothing points at", () => {
  const stored = async (key: string) => (await storage.head(key)) !== null;
  beforeAll(async () => {
    await db.deleteFrom("comments").execute();
    await db.deleteFrom("videos").execute();
  });

  it("removes a deleted comment's video and its file a day after it was made; keeps a commented one and a lecture's", async () => {
    const now = nowIso();
    const { id: courseId } = await db
      .insertInto("courses")
      .values({
        slug: "orphan-sweep",
        title: "Sweep",
        description: "",
        status: "draft",
        price_cents: 0,
        currency: "PLN",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: sectionId } = await db
      .insertInto("course_sections")
      .values({ course_id: courseId, title: "One", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: lectureId } = await db
      .insertInto("lectures")
      .values({
        section_id: sectionId,
        title: "Lecture",
        duration_minutes: 0,
        access: "paid",
        status: "draft",
        position: 0,
        body: "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: lectureVideo } = await db
      .insertInto("videos")
      .values({
        provider: "local",
        title: "Lecture video",
        user_id: userId,
        lecture_id: lectureId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const deleted = await commentWithVideo(null, "Soon deleted");
    const kept = await commentWithVideo(null, "Kept");
    for (const [id, key] of [
      [deleted.videoId, "videos/deleted.mp4"],
      [kept.videoId, "videos/kept.mp4"],
    ] as const) {
      await storage.put(key, Buffer.from("mp4"), { contentType: "video/mp4" });
      await db.updateTable("videos").set({ status: 3, storage_key: key }).where("id", "=", id).execute();
    }
    await db.deleteFrom("comments").where("id", "=", deleted.commentId).execute();

    // An hour later it is too fresh to be touched.
    await sweep(null, new Date(Date.now() + HOUR));
    expect(await videoIds()).toEqual([lectureVideo, deleted.videoId, kept.videoId]);
    expect(await stored("videos/deleted.mp4")).toBe(true);

    await sweep(null, new Date(Date.now() + 25 * HOUR));
    expect(await videoIds()).toEqual([lectureVideo, kept.videoId]);
    expect(await stored("videos/deleted.mp4")).toBe(false);
    expect(await stored("videos/kept.mp4")).toBe(true);

    // The lecture deleted: its video (lecture_id set null by the foreign key) goes too.
    await db.deleteFrom("lectures").where("id", "=", lectureId).execute();
    await sweep(null, new Date(Date.now() + 25 * HOUR));
    expect(await videoIds()).toEqual([kept.videoId]);
    await db.deleteFrom("comments").execute();
    await db.deleteFrom("videos").execute();
  });

  it("deletes a deleted post's video at Bunny", async () => {
    const gone = await commentWithVideo(bunnyHost, "Gone at Bunny");
    const kept = await commentWithVideo(bunnyHost, "Kept at Bunny");
    await db.updateTable("videos").set({ status: 3 }).execute();
    await db.deleteFrom("comments").where("id", "=", gone.commentId).execute();

    await sweep(bunnyHost, new Date(Date.now() + 25 * HOUR));
    expect(bunny.videos.has(gone.videoUpload.VideoId)).toBe(false);
    expect(bunny.videos.has(kept.videoUpload.VideoId)).toBe(true);
    const left = await videoIds();
    expect(left).toContain(kept.videoId);
    expect(left).not.toContain(gone.videoId);
  });
});
