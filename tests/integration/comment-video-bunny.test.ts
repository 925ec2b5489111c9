// A video attached to a comment on Bunny Stream (BUNNY_* set; the fake library tests/fakes/bunny.ts): POST
// /comments with file 1 on a post creates the video at Bunny and answers the spec's videoUpload with Bunny's
// signature, sha256(library_id + api_key + expiration_time + video_id); the upload is cut and resumed against
// Bunny's tus endpoint with those headers; the author's status poll asks Bunny until the video is ready (3) and then
// gets Bunny's embed address; a Bunny outage is 503 'Video upload is temporarily unavailable' with nothing written.
// A community post's hosted video (post/create with video_file_upload=1) goes to Bunny the same way.
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CommentVideoUpload } from "#app/features/discussion/comment-video-upload.ts";
import { arrangePost } from "../helpers/community-fixtures.ts";
import { newStudent, userIdOf } from "../helpers/discussion-fixtures.ts";
import { mp4Like } from "../helpers/media-fixtures.ts";
import { postCommentableEnv } from "../helpers/post-commentable.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { type FakeBunny, startFakeBunny } from "#tests/fakes/bunny.ts";

const library = { libraryId: "4343", apiKey: "bunny-comment-api-key", readOnlyKey: "bunny-comment-read-only" };
let bunny: FakeBunny;
let server: TestServer;
let author: Awaited<ReturnType<typeof newStudent>>;
let other: Awaited<ReturnType<typeof newStudent>>;
let postId: number;
let topicId: number;

beforeAll(async () => {
  bunny = await startFakeBunny(library);
  server = await startTestServer({
    ...postCommentableEnv(),
    BUNNY_LIBRARY_ID: library.libraryId,
    BUNNY_API_KEY: library.apiKey,
    BUNNY_WEBHOOK_SECRET: library.readOnlyKey,
    BUNNY_API_URL: bunny.apiUrl,
    BUNNY_TUS_URL: bunny.tusUrl,
    BUNNY_CDN_HOST: "vz-test.b-cdn.net",
  });
  await setUpSchool(server);
  author = await newStudent(server, "Bea Bunny");
  other = await newStudent(server, "Otto Other");
  ({ postId, topicId } = await arrangePost(server.handle.db, {
    userId: await userIdOf(server.handle.db, owner.email),
  }));
});
afterEach(() => expect(bunny.unhandled).toEqual([]));
afterAll(async () => {
  await server?.stop();
  await bunny?.close();
});

type Created = {
  comment: { id: number; video_id: number; bunny_id: string; bunny_status: number };
  videoUpload: CommentVideoUpload;
};

const TUS = { "tus-resumable": "1.0.0" };
const signed = (upload: CommentVideoUpload) => ({
  AuthorizationSignature: upload.AuthorizationSignature,
  AuthorizationExpire: String(upload.AuthorizationExpire),
  VideoId: upload.VideoId,
  LibraryId: upload.LibraryId,
});

/** A tus request to Bunny as the browser sends it: only Bunny's headers (no cookie, no CSRF token). */
async function tus(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  const response = await fetch(url, {
    method,
    headers: { ...TUS, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  await response.arrayBuffer();
  return response;
}

describe("a comment's video on Bunny Stream", () => {
  it("answers Bunny's signed videoUpload and takes the upload cut and resumed; ready after transcoding", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await author.client.post("/comments", { type: "post", id: postId, body: "Bunny clip", file: 1 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { comment, videoUpload } = response.body as Created;
    expect(Object.keys(videoUpload).sort()).toEqual([
      "AuthorizationExpire",
      "AuthorizationSignature",
      "LibraryId",
      "VideoId",
      "endpoint",
      "title",
    ]);
    expect(videoUpload).toMatchObject({ endpoint: bunny.tusUrl, LibraryId: library.libraryId, title: "Bunny clip" });
    expect(videoUpload.AuthorizationExpire).toBeGreaterThan(before);
    const expected = createHash("sha256")
      .update(`${library.libraryId}${library.apiKey}${videoUpload.AuthorizationExpire}${videoUpload.VideoId}`)
      .digest("hex");
    expect(videoUpload.AuthorizationSignature).toBe(expected);
    expect(bunny.videos.get(videoUpload.VideoId)).toMatchObject({ title: "Bunny clip", status: 0 });
    expect(comment).toMatchObject({ bunny_id: videoUpload.VideoId, bunny_status: 0, video_id: expect.any(Number) });

    // Half, a stop, HEAD for the offset, the rest.
    const data = mp4Like(200 * 1024);
    const half = data.length / 2;
    const created = await tus("POST", videoUpload.endpoint, {
      ...signed(videoUpload),
      "upload-length": String(data.length),
      "upload-metadata": `filetype ${Buffer.from("video/mp4").toString("base64")}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const patch = (offset: number, piece: Buffer) =>
      tus(
        "PATCH",
        location,
        { ...signed(videoUpload), "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
        piece,
      );
    expect((await patch(0, data.subarray(0, half))).status).toBe(204);
    const head = await tus("HEAD", location, signed(videoUpload));
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(half);
    // A piece at a stale offset is refused with 409 (the client's retry rule asks HEAD again).
    expect((await patch(0, data.subarray(0, 10))).status).toBe(409);
    expect((await patch(offset, data.subarray(offset))).status).toBe(204);
    expect(bunny.videos.get(videoUpload.VideoId)!.bytes!.equals(data)).toBe(true);
    // Someone without the signature cannot send to that video at Bunny.
    const forged = await tus("HEAD", location, { ...signed(videoUpload), AuthorizationSignature: "0".repeat(64) });
    expect(forged.status).toBe(401);

    // The author's poll asks Bunny: uploaded (processing), then finished (ready, with Bunny's player).
    const poll = async () => (await author.client.json("GET", `/videos/${comment.video_id}`)).body;
    expect((await poll()).status).toBeLessThan(3);
    bunny.videos.get(videoUpload.VideoId)!.status = 3; // transcoding
    expect((await poll()).status).toBeLessThan(3);
    bunny.videos.get(videoUpload.VideoId)!.status = 4; // finished
    const ready = await poll();
    expect(ready).toMatchObject({ id: comment.video_id, status: 3 });
    expect(ready.embed_url).toContain(videoUpload.VideoId);
    // Another reader of the post sees the ready video too (without asking Bunny).
    const seen = bunny.requests.length;
    expect((await other.client.json("GET", `/videos/${comment.video_id}`)).body).toMatchObject({ status: 3 });
    expect(bunny.requests.length).toBe(seen);
  });

  it("answers 503 'Video upload is temporarily unavailable' when Bunny fails, writing nothing", async () => {
    const countComments = async () =>
      (await server.handle.db.selectFrom("comments").select("id").where("body", "=", "During an outage").execute())
        .length;
    bunny.failNextApiCall(500);
    const response = await author.client.post("/comments", {
      type: "post",
      id: postId,
      body: "During an outage",
      file: 1,
    });
    expect(response.status).toBe(503);
    expect(JSON.stringify(response.body)).toContain("Video upload is temporarily unavailable");
    expect(await countComments()).toBe(0);
  });
});

describe("a community post's video on Bunny Stream", () => {
  it("creates the video at Bunny and answers Bunny's signed videoUpload; the post's bunny_id is Bunny's id", async () => {
    const response = await author.client.post(`/json/community/topics/${topicId}/post/create`, {
      title: "Bunny post clip",
      body: "Watch this one",
      video_file_upload: 1,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { post, videoUpload } = response.body as {
      post: { bunny_id: string; bunny_status: number; video_id: number };
      videoUpload: CommentVideoUpload;
    };
    expect(videoUpload).toMatchObject({
      endpoint: bunny.tusUrl,
      LibraryId: library.libraryId,
      title: "Bunny post clip",
    });
    const expected = createHash("sha256")
      .update(`${library.libraryId}${library.apiKey}${videoUpload.AuthorizationExpire}${videoUpload.VideoId}`)
      .digest("hex");
    expect(videoUpload.AuthorizationSignature).toBe(expected);
    expect(bunny.videos.get(videoUpload.VideoId)).toMatchObject({ title: "Bunny post clip", status: 0 });
    expect(post).toMatchObject({ bunny_id: videoUpload.VideoId, bunny_status: 0, video_id: expect.any(Number) });
  });

  it("answers 503 when Bunny fails, writing no post", async () => {
    bunny.failNextApiCall(500);
    const response = await author.client.post(`/json/community/topics/${topicId}/post/create`, {
      title: "Outage post",
      body: "Not written",
      video_file_upload: 1,
    });
    expect(response.status).toBe(503);
    const written = await server.handle.db
      .selectFrom("community_posts")
      .select("id")
      .where("title", "=", "Outage post")
      .execute();
    expect(written).toEqual([]);
  });
});
