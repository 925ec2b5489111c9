// A video attached to a comment, on our own resumable endpoint (no video host configured): POST /comments with
// file 1 is a 422 on a lecture (§5: videos belong to community posts) and on a post answers the spec's
// videoUpload {endpoint, AuthorizationSignature, AuthorizationExpire, VideoId, LibraryId, title}; the upload is cut
// and resumed (HEAD for the offset) against our tus endpoint, after which the video is ready (3) and plays for
// those who may see the post; only the comment's author, with the signed headers, may send its bytes. The server
// gets a stand-in 'post' kind (tests/helpers/post-commentable.ts).
import { createHash } from "node:crypto";
import http from "node:http";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  commentVideoTarget,
  type CommentVideoUpload,
  tusOptions,
} from "#app/features/discussion/comment-video-upload.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangePost } from "../helpers/community-fixtures.ts";
import { arrangeDiscussionCourse, newStudent, userIdOf } from "../helpers/discussion-fixtures.ts";
import { mp4Like } from "../helpers/media-fixtures.ts";
import { postCommentableEnv } from "../helpers/post-commentable.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let author: Awaited<ReturnType<typeof newStudent>>;
let other: Awaited<ReturnType<typeof newStudent>>;
let post: { topicId: number; postId: number };
let lectureId: number;

beforeAll(async () => {
  server = await startTestServer(postCommentableEnv());
  admin = await setUpSchool(server);
  author = await newStudent(server, "Vera Video");
  other = await newStudent(server, "Otto Other");
  post = await arrangePost(server.handle.db, { userId: await userIdOf(server.handle.db, owner.email) });
  const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
  lectureId = course.lectures.free;
});
afterAll(() => server?.stop());

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const TUS = { "tus-resumable": "1.0.0" };

type Created = {
  comment: { id: number; video_id: number; bunny_id: string | null; bunny_status: number };
  videoUpload: CommentVideoUpload;
};

async function commentWithVideo(client: BrowserClient, body = "Look at my project"): Promise<Created> {
  const response = await client.post("/comments", { type: "post", id: post.postId, body, file: 1 });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Created;
}

const signedHeaders = (upload: CommentVideoUpload) => ({
  AuthorizationSignature: upload.AuthorizationSignature,
  AuthorizationExpire: String(upload.AuthorizationExpire),
  VideoId: upload.VideoId,
  LibraryId: upload.LibraryId,
});

/** A tus request from a browser: cookie, CSRF header, Tus-Resumable, and the comment's signed headers. */
async function tus(
  client: BrowserClient,
  method: string,
  path: string,
  headers: Record<string, string> = {},
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

function creation(upload: CommentVideoUpload, length: number) {
  return {
    ...signedHeaders(upload),
    "upload-length": String(length),
    "upload-metadata": metadata({ video_id: upload.VideoId, filename: "clip.mp4", filetype: "video/mp4" }),
  };
}

async function offsetOf(client: BrowserClient, location: string, upload: CommentVideoUpload): Promise<number> {
  const response = await tus(client, "HEAD", location, signedHeaders(upload));
  expect(response.status).toBe(200);
  return Number(response.headers.get("upload-offset"));
}

const videoRow = (id: number) =>
  server.handle.db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("attaching a video", () => {
  it("refuses a video on a lecture's comment (422) and writes nothing", async () => {
    const videosBefore = await server.handle.db.selectFrom("videos").select("id").execute();
    const response = await author.client.post("/comments", {
      type: "lecture",
      id: lectureId,
      body: "A lecture comment with a video",
      file: 1,
    });
    expect(response.status).toBe(422);
    expect(await server.handle.db.selectFrom("videos").select("id").execute()).toEqual(videosBefore);
    const written = await server.handle.db
      .selectFrom("comments")
      .select("id")
      .where("body", "=", "A lecture comment with a video")
      .execute();
    expect(written).toEqual([]);
  });

  it("answers the videoUpload of our own endpoint on a post, the comment carrying the video's status", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { comment, videoUpload } = await commentWithVideo(author.client, "My first clip");
    expect(Object.keys(videoUpload).sort()).toEqual([
      "AuthorizationExpire",
      "AuthorizationSignature",
      "LibraryId",
      "VideoId",
      "endpoint",
      "title",
    ]);
    expect(videoUpload).toMatchObject({
      endpoint: "/tus/videos",
      LibraryId: "local",
      VideoId: String(comment.video_id),
      title: "My first clip",
    });
    expect(videoUpload.AuthorizationSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(videoUpload.AuthorizationExpire).toBeGreaterThan(before);
    expect(comment).toMatchObject({ bunny_id: null, bunny_status: 0, video_id: expect.any(Number) });
    expect(await videoRow(comment.video_id)).toMatchObject({
      provider: "local",
      status: 0,
      user_id: author.id,
      lecture_id: null,
    });
    const row = await server.handle.db
      .selectFrom("comments")
      .select(["video_id", "commentable_type"])
      .where("id", "=", comment.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ video_id: comment.video_id, commentable_type: "post" });
  });

  it("writes a comment without a video as before (file 0)", async () => {
    const response = await author.client.post("/comments", { type: "post", id: post.postId, body: "Plain", file: 0 });
    expect(response.status).toBe(200);
    expect(response.body.videoUpload).toBeUndefined();
    expect(response.body.comment).toMatchObject({ video_id: null, bunny_status: null });
  });
});

describe("uploading to our endpoint", () => {
  it("takes half, stops, tells the offset, takes the rest; the video is ready and plays for the post's readers", async () => {
    const { comment, videoUpload } = await commentWithVideo(author.client);
    const data = mp4Like(256 * 1024);
    const half = data.length / 2;
    const created = await tus(author.client, "POST", "/tus/videos", creation(videoUpload, data.length));
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;

    // The first half arrives, then the connection breaks (a closed laptop lid).
    const request = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "PATCH",
      path: location,
      agent: false,
      headers: {
        ...TUS,
        ...signedHeaders(videoUpload),
        cookie: [...author.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-csrf-token": author.client.csrfToken,
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
        "content-length": String(data.length),
      },
    });
    request.on("error", () => {});
    request.write(data.subarray(0, half));
    await waitFor(async () => (await offsetOf(author.client, location, videoUpload)) === half);
    request.destroy();
    expect((await videoRow(comment.video_id)).status).toBe(0);

    // The client asks where to go on and sends the rest (a 423 while the broken request lets go is retried).
    await waitFor(
      async () => {
        const offset = await offsetOf(author.client, location, videoUpload);
        const response = await tus(
          author.client,
          "PATCH",
          location,
          {
            ...signedHeaders(videoUpload),
            "content-type": "application/offset+octet-stream",
            "upload-offset": String(offset),
          },
          data.subarray(offset),
        );
        if (response.status === 409 || response.status === 423) return false;
        expect(response.status).toBe(204);
        return true;
      },
      { timeoutMs: 20_000 },
    );
    expect(await videoRow(comment.video_id)).toMatchObject({ status: 3, storage_key: expect.any(String) });

    // The status the browser polls, and the stream, for the author and for another reader of the post.
    expect((await author.client.json("GET", `/videos/${comment.video_id}`)).body).toEqual({
      id: comment.video_id,
      status: 3,
    });
    const stream = await other.client.raw(`/videos/${comment.video_id}/stream`);
    expect(stream.status).toBe(200);
    expect(sha256(Buffer.from(await stream.arrayBuffer()))).toBe(sha256(data));
    // A visitor sees nothing.
    const visitor = new BrowserClient(server.url);
    expect((await visitor.raw(`/videos/${comment.video_id}/stream`)).status).toBe(404);
  });

  it("uploads with the browser's tus client and its target (signed headers, CSRF token, retry rule)", async () => {
    const { comment, videoUpload } = await commentWithVideo(author.client, "From the form");
    const data = mp4Like(96 * 1024);
    const target = commentVideoTarget(videoUpload, { name: "clip.mp4", type: "video/mp4" }, author.client.csrfToken);
    const cookie = [...author.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const progress: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const options = tusOptions(
        { ...target, endpoint: server.url + target.endpoint, headers: { ...target.headers, cookie } },
        { onProgress: (p) => progress.push(p), onSuccess: resolve, onError: reject, isOnline: () => true },
      );
      new Upload(data, { ...options, chunkSize: 32 * 1024 }).start();
    });
    expect(progress.at(-1)).toBe(100);
    expect((await videoRow(comment.video_id)).status).toBe(3);
  });

  it("lets only the comment's author, with the signed headers, send the bytes", async () => {
    const { comment, videoUpload } = await commentWithVideo(author.client, "Mine only");
    const length = 64 * 1024;
    // Another student with the very same headers: as if the video did not exist.
    expect((await tus(other.client, "POST", "/tus/videos", creation(videoUpload, length))).status).toBe(404);
    // An admin is no exception.
    expect((await tus(admin, "POST", "/tus/videos", creation(videoUpload, length))).status).toBe(404);
    // The author without the signature, or with one for another video or expired.
    const { AuthorizationSignature: _, ...unsigned } = creation(videoUpload, length);
    expect((await tus(author.client, "POST", "/tus/videos", unsigned)).status).toBe(404);
    const forged = { ...creation(videoUpload, length), AuthorizationSignature: "0".repeat(64) };
    expect((await tus(author.client, "POST", "/tus/videos", forged)).status).toBe(404);
    const expired = { ...creation(videoUpload, length), AuthorizationExpire: "1000" };
    expect((await tus(author.client, "POST", "/tus/videos", expired)).status).toBe(404);
    // A visitor (with the CSRF token of a page) is asked to log in.
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await tus(visitor, "POST", "/tus/videos", creation(videoUpload, length))).status).toBe(401);

    const created = await tus(author.client, "POST", "/tus/videos", creation(videoUpload, length));
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect((await tus(other.client, "HEAD", location, signedHeaders(videoUpload))).status).toBe(404);
    const patch = {
      ...signedHeaders(videoUpload),
      "content-type": "application/offset+octet-stream",
      "upload-offset": "0",
    };
    expect((await tus(other.client, "PATCH", location, patch, mp4Like(length))).status).toBe(404);
    expect(await offsetOf(author.client, location, videoUpload)).toBe(0);
    expect((await videoRow(comment.video_id)).status).toBe(0);
  });

  it("hides a restricted post's comment video from those who may not see the post", async () => {
    const restricted = await arrangePost(server.handle.db, { userId: author.id, visibility: "restricted" });
    // The stand-in kind shows restricted posts to admins only: the author cannot comment there at all.
    const refused = await author.client.post("/comments", {
      type: "post",
      id: restricted.postId,
      body: "Hidden",
      file: 1,
    });
    expect(refused.status).toBe(404);
    const response = await admin.post("/comments", {
      type: "post",
      id: restricted.postId,
      body: "Staff clip",
      file: 1,
    });
    expect(response.status).toBe(200);
    const videoId = (response.body as Created).comment.video_id;
    expect((await admin.json("GET", `/videos/${videoId}`)).status).toBe(200);
    expect((await other.client.json("GET", `/videos/${videoId}`)).status).toBe(404);
  });
});
