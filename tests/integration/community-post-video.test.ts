// A hosted video on a community post (spec §3 Post bunny_id/bunny_status, §7 post/create with
// video_file_upload=1), on our own resumable endpoint (no video host configured): the answer carries the spec's
// videoUpload like a comment's (core/media/comment-video.ts), the video row is the author's and the post links
// it; only the author, with the signed headers, may send the bytes; once stored the video is ready (3) and plays
// for whoever may read the post, not for a student without the restricted topic's key nor a visitor. (The sweep
// of an unfinished post video: core/media/comment-video.test.ts.)
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommentVideoUpload } from "#app/features/discussion/comment-video-upload.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeCourseProduct, arrangeTopic } from "../helpers/community-fixtures.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { mp4Like } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let author: Awaited<ReturnType<typeof newStudent>>;
let reader: Awaited<ReturnType<typeof newStudent>>;
let keyless: Awaited<ReturnType<typeof newStudent>>;
let publicTopic: number;
let restrictedTopic: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  const db = server.handle.db;
  author = await newStudent(server, "Vera Video");
  reader = await newStudent(server, "Rita Reader");
  keyless = await newStudent(server, "Kurt Keyless");
  publicTopic = await arrangeTopic(db, { title: "Show your work" });
  const course = await arrangeDiscussionCourse(db, { lectures: { one: { access: "paid" } } });
  const product = await arrangeCourseProduct(db, course.id, "Video circle course");
  restrictedTopic = await arrangeTopic(db, {
    title: "Members' videos",
    visibility: "restricted",
    productIds: [product],
  });
  await grantAccess(db, author.id, course.id);
  await grantAccess(db, reader.id, course.id);
});
afterAll(() => server?.stop());

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const TUS = { "tus-resumable": "1.0.0" };

type Created = {
  post: { id: number; bunny_id: string | null; bunny_status: number | null };
  videoUpload?: CommentVideoUpload;
};

async function postWithVideo(client: BrowserClient, topicId: number, title = "My video project"): Promise<Created> {
  const response = await client.post(`/json/community/topics/${topicId}/post/create`, {
    title,
    body: "Here is how I did it",
    video_file_upload: 1,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Created;
}

const postRow = (id: number) =>
  server.handle.db.selectFrom("community_posts").select(["video_id"]).where("id", "=", id).executeTakeFirstOrThrow();
const videoRow = (id: number) =>
  server.handle.db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirst();

const signedHeaders = (upload: CommentVideoUpload) => ({
  AuthorizationSignature: upload.AuthorizationSignature,
  AuthorizationExpire: String(upload.AuthorizationExpire),
  VideoId: upload.VideoId,
  LibraryId: upload.LibraryId,
});

async function tus(
  client: BrowserClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
) {
  const response = await client.raw(path, {
    method,
    headers: { ...TUS, "x-csrf-token": client.csrfToken, "x-requested-with": "XMLHttpRequest", ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  await response.arrayBuffer();
  return response;
}

const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

const creation = (upload: CommentVideoUpload, length: number) => ({
  ...signedHeaders(upload),
  "upload-length": String(length),
  "upload-metadata": metadata({ video_id: upload.VideoId, filename: "clip.mp4", filetype: "video/mp4" }),
});

/** The whole file in one PATCH by the author. */
async function upload(client: BrowserClient, videoUpload: CommentVideoUpload, data: Buffer) {
  const created = await tus(client, "POST", videoUpload.endpoint, creation(videoUpload, data.length));
  expect(created.status).toBe(201);
  const patch = await tus(
    client,
    "PATCH",
    created.headers.get("location")!,
    { ...signedHeaders(videoUpload), "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    data,
  );
  expect(patch.status).toBe(204);
}

describe("a post with a hosted video", () => {
  it("answers the videoUpload of our endpoint; the video is the author's and the post's bunny_status follows it", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { post, videoUpload } = await postWithVideo(author.client, publicTopic, "My first clip");
    expect(videoUpload).toBeDefined();
    expect(Object.keys(videoUpload!).sort()).toEqual([
      "AuthorizationExpire",
      "AuthorizationSignature",
      "LibraryId",
      "VideoId",
      "endpoint",
      "title",
    ]);
    expect(videoUpload).toMatchObject({ endpoint: "/tus/videos", LibraryId: "local", title: "My first clip" });
    expect(videoUpload!.AuthorizationSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(videoUpload!.AuthorizationExpire).toBeGreaterThan(before);
    const videoId = Number(videoUpload!.VideoId);
    expect((await postRow(post.id)).video_id).toBe(videoId);
    expect(post).toMatchObject({ bunny_id: null, bunny_status: 0 });
    expect(await videoRow(videoId)).toMatchObject({
      provider: "local",
      status: 0,
      user_id: author.id,
      lecture_id: null,
    });
  });

  it("writes a post without a hosted video as before", async () => {
    const response = await author.client.post(`/json/community/topics/${publicTopic}/post/create`, {
      title: "Just words here",
      body: "No video at all",
    });
    expect(response.status).toBe(200);
    expect(response.body.videoUpload).toBeUndefined();
    expect(response.body.post).toMatchObject({ bunny_id: null, bunny_status: null });
    expect((await postRow(response.body.post.id)).video_id).toBeNull();
  });

  it("lets only the post's author send the bytes", async () => {
    const { videoUpload } = await postWithVideo(author.client, publicTopic, "Mine only");
    const length = 64 * 1024;
    expect((await tus(reader.client, "POST", "/tus/videos", creation(videoUpload!, length))).status).toBe(404);
    expect((await tus(admin, "POST", "/tus/videos", creation(videoUpload!, length))).status).toBe(404);
    const { AuthorizationSignature: _, ...unsigned } = creation(videoUpload!, length);
    expect((await tus(author.client, "POST", "/tus/videos", unsigned)).status).toBe(404);
    expect((await videoRow(Number(videoUpload!.VideoId)))?.status).toBe(0);
  });

  it("plays once uploaded for the topic's readers, not for a student without its key nor a visitor", async () => {
    const { post, videoUpload } = await postWithVideo(author.client, restrictedTopic, "Members only clip");
    const videoId = Number(videoUpload!.VideoId);
    // Not ready yet: the status says so.
    expect((await reader.client.json("GET", `/videos/${videoId}`)).body).toEqual({ id: videoId, status: 0 });
    const data = mp4Like(128 * 1024);
    await upload(author.client, videoUpload!, data);
    expect(await videoRow(videoId)).toMatchObject({ status: 3, storage_key: expect.any(String) });
    for (const client of [author.client, reader.client, admin]) {
      expect((await client.json("GET", `/videos/${videoId}`)).body).toEqual({ id: videoId, status: 3 });
      const stream = await client.raw(`/videos/${videoId}/stream`);
      expect(stream.status).toBe(200);
      expect(sha256(Buffer.from(await stream.arrayBuffer()))).toBe(sha256(data));
    }
    // The post's JSON shows the ready video.
    const shown = await reader.client.post(`/json/community/topics/${restrictedTopic}`, {});
    expect(shown.status).toBe(200);
    const listed = (shown.body.community_posts.data as Created["post"][]).find((p) => p.id === post.id);
    expect(listed).toMatchObject({ bunny_status: 3 });
    // Without the topic's key, or signed out: as if it did not exist.
    expect((await keyless.client.json("GET", `/videos/${videoId}`)).status).toBe(404);
    expect((await keyless.client.raw(`/videos/${videoId}/stream`)).status).toBe(404);
    const visitor = new BrowserClient(server.url);
    expect((await visitor.raw(`/videos/${videoId}/stream`)).status).toBe(404);
  });
});

describe("editing a post's hosted video", () => {
  it("replaces it with a new upload (the answer's videoUpload), then detaches it; nothing else changes", async () => {
    const { post, videoUpload } = await postWithVideo(author.client, publicTopic, "Take one");
    const first = Number(videoUpload!.VideoId);
    await upload(author.client, videoUpload!, mp4Like(32 * 1024));

    const replaced = await author.client.post(`/json/community/posts/${post.id}`, {
      title: "Take two",
      body: "Here is how I did it",
      video_file_upload: 1,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const second = Number(replaced.body.videoUpload.VideoId);
    expect(second).not.toBe(first);
    expect(replaced.body.videoUpload).toMatchObject({ endpoint: "/tus/videos", LibraryId: "local", title: "Take two" });
    expect(replaced.body.post).toMatchObject({ title: "Take two", video_id: second, bunny_status: 0 });
    expect((await postRow(post.id)).video_id).toBe(second);
    await upload(author.client, replaced.body.videoUpload, mp4Like(32 * 1024));
    expect((await videoRow(second))?.status).toBe(3);

    // A plain edit keeps the video.
    const kept = await author.client.post(`/json/community/posts/${post.id}`, {
      title: "Take two!",
      body: "Same clip",
    });
    expect(kept.body.videoUpload).toBeUndefined();
    expect((await postRow(post.id)).video_id).toBe(second);

    // Another student may not touch it.
    const foreign = await reader.client.post(`/json/community/posts/${post.id}`, {
      title: "Mine now",
      body: "Detaching it",
      video_file_delete: 1,
    });
    expect(foreign.status).toBe(404);
    expect((await postRow(post.id)).video_id).toBe(second);

    const detached = await author.client.post(`/json/community/posts/${post.id}`, {
      title: "No video after all",
      body: "Words only",
      video_file_delete: 1,
    });
    expect(detached.status).toBe(200);
    expect(detached.body.post).toMatchObject({ video_id: null, bunny_status: null });
    expect((await postRow(post.id)).video_id).toBeNull();
  });
});
