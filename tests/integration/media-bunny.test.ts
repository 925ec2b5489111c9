// Lecture videos on Bunny Stream: the real server (BUNNY_* set) against the fake library
// (tests/fakes/bunny.ts). create-video creates the video at Bunny and answers the spec's videoUpload with
// AuthorizationSignature = sha256(library_id + api_key + expiration_time + video_id); the editor's own tus
// target (app/features/media/video-upload-target.ts) uploads to Bunny with tus-js-client; confirm-video
// re-checks at Bunny and adds the component; Bunny's signed webhooks (no session, no CSRF) move the status
// (3 and 4 ready, 5 failed, never back from ready); forged ones are refused; the player gets Bunny's embed
// address once the video is ready; an outage answers 'Video upload is temporarily unavailable'.
import { createHash } from "node:crypto";
import { Upload } from "tus-js-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tusTarget, type VideoTicket } from "#app/features/media/video-upload-target.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { mp4Like } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { type FakeBunny, startFakeBunny } from "#tests/fakes/bunny.ts";
import { arrangeCourse, type LecturePath, lectureUrl, secondAdmin } from "./media-helpers.ts";

const library = { libraryId: "4242", apiKey: "bunny-library-api-key", readOnlyKey: "bunny-read-only-key" };
let bunny: FakeBunny;
let server: TestServer;
let admin: BrowserClient;
let course: Awaited<ReturnType<typeof arrangeCourse>>;
let webhookUrl: string;

beforeAll(async () => {
  bunny = await startFakeBunny(library);
  server = await startTestServer({
    BUNNY_LIBRARY_ID: library.libraryId,
    BUNNY_API_KEY: library.apiKey,
    BUNNY_WEBHOOK_SECRET: library.readOnlyKey,
    BUNNY_API_URL: bunny.apiUrl,
    BUNNY_TUS_URL: bunny.tusUrl,
    BUNNY_CDN_HOST: "vz-test.b-cdn.net",
  });
  webhookUrl = `${server.url}/webhooks/bunny`;
  admin = await setUpSchool(server);
  course = await arrangeCourse(server);
});
afterEach(() => expect(bunny.unhandled).toEqual([]));
afterAll(async () => {
  await server?.stop();
  await bunny?.close();
});

async function createVideo(path: LecturePath, title = "Intro"): Promise<VideoTicket> {
  const response = await admin.post(lectureUrl(path, "create-video"), { title });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as VideoTicket;
}

/** The editor's upload: tus-js-client to the target the editor computes from the ticket. */
function upload(ticket: VideoTicket, data: Buffer): Promise<void> {
  const target = tusTarget(ticket.videoUpload, { name: "lesson.mp4", type: "video/mp4" }, admin.csrfToken);
  return new Promise((resolve, reject) => {
    new Upload(data, { ...target, retryDelays: [0], onSuccess: () => resolve(), onError: reject }).start();
  });
}

const videoRow = (id: number) =>
  server.handle.db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const status = async (id: number) => (await videoRow(id)).status;

async function componentsOf(lectureId: number) {
  const rows = await server.handle.db
    .selectFrom("lecture_components")
    .select(["id", "kind", "data"])
    .where("lecture_id", "=", lectureId)
    .execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, data: JSON.parse(row.data) as unknown }));
}

describe("upload", () => {
  it("creates the video at Bunny, uploads with the signed headers, confirms, and plays Bunny's embed when ready", async () => {
    const before = Math.floor(Date.now() / 1000);
    const ticket = await createVideo(course.free, "Welcome");
    const guid = ticket.videoUpload.VideoId;
    expect(bunny.videos.get(guid)).toMatchObject({ title: "Welcome", status: 0 });
    const { videoUpload } = ticket as { videoUpload: Record<string, unknown> };
    expect(Object.keys(videoUpload).sort()).toEqual(
      ["AuthorizationExpire", "AuthorizationSignature", "LibraryId", "VideoId", "endpoint", "title"].sort(),
    );
    expect(videoUpload.endpoint).toBe(bunny.tusUrl);
    expect(videoUpload.LibraryId).toBe(library.libraryId);
    const expires = videoUpload.AuthorizationExpire as number;
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(videoUpload.AuthorizationSignature).toBe(
      createHash("sha256").update(`${library.libraryId}${library.apiKey}${expires}${guid}`).digest("hex"),
    );
    expect(ticket.confirm).toBe(lectureUrl(course.free, "confirm-video"));
    expect(await videoRow(ticket.video_id)).toMatchObject({
      provider: "bunny",
      external_id: guid,
      status: 0,
      lecture_id: course.free.lectureId,
    });

    // Confirming before anything arrived at Bunny.
    expect((await admin.post(ticket.confirm!, { video_id: ticket.video_id })).status).toBe(409);

    const data = mp4Like(150_000);
    await upload(ticket, data);
    expect(bunny.videos.get(guid)?.bytes?.equals(data)).toBe(true);

    const confirmed = await admin.post(ticket.confirm!, { video_id: ticket.video_id });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // Bunny's GET says 1 (uploaded): processing.
    expect(confirmed.body).toMatchObject({
      status: 1,
      component: { kind: "video", data: { video_id: ticket.video_id } },
    });
    const again = await admin.post(ticket.confirm!, { video_id: ticket.video_id });
    expect(again.body.component.id).toBe(confirmed.body.component.id);
    expect((await componentsOf(course.free.lectureId)).filter((c) => c.kind === "video")).toHaveLength(1);

    // The player, as a visitor of the free lecture: processing, no address yet.
    const visitor = new BrowserClient(server.url);
    expect((await visitor.json("GET", `/videos/${ticket.video_id}`)).body).toEqual({ id: ticket.video_id, status: 1 });

    // Bunny finishes encoding: webhook Status 3, signed, no cookie, no CSRF token.
    bunny.videos.get(guid)!.status = 4;
    expect(await bunny.sendWebhook(webhookUrl, { VideoGuid: guid, Status: 3 })).toBe(200);
    expect(await status(ticket.video_id)).toBe(3);
    const ready = await visitor.json("GET", `/videos/${ticket.video_id}`);
    expect(ready.body).toEqual({
      id: ticket.video_id,
      status: 3,
      embed_url: `https://iframe.mediadelivery.net/embed/${library.libraryId}/${guid}`,
      hls_url: `https://vz-test.b-cdn.net/${guid}/playlist.m3u8`,
    });
    // A late "encoding" after "finished" does not take it back.
    expect(await bunny.sendWebhook(webhookUrl, { VideoGuid: guid, Status: 2 })).toBe(200);
    expect(await status(ticket.video_id)).toBe(3);
    // Our own tus endpoint and stream know nothing of a Bunny video.
    expect((await admin.raw(`/videos/${ticket.video_id}/stream`)).status).toBe(404);
  });

  it("maps webhook statuses: 4 (first resolution) is ready, 5 failed, 0/1/2 processing, 9 changes nothing", async () => {
    const cases: [number[], number][] = [
      [[0, 1, 2], 2],
      [[1, 4], 3],
      [[2, 5], 5],
      [[1, 9], 1],
    ];
    for (const [sequence, expected] of cases) {
      const ticket = await createVideo(course.login);
      for (const value of sequence)
        expect(await bunny.sendWebhook(webhookUrl, { VideoGuid: ticket.videoUpload.VideoId, Status: value })).toBe(200);
      expect(await status(ticket.video_id), sequence.join(",")).toBe(expected);
    }
  });

  it("refuses forged webhooks with 401 and changes nothing", async () => {
    const ticket = await createVideo(course.login);
    const guid = ticket.videoUpload.VideoId;
    const body = JSON.stringify({ VideoLibraryId: Number(library.libraryId), VideoGuid: guid, Status: 3 });
    const signedOther = createHash("sha256").update("x").digest("hex");
    expect(await bunny.sendWebhook(webhookUrl, { VideoGuid: guid, Status: 3 }, { secret: library.apiKey })).toBe(401);
    expect(await bunny.sendWebhook(webhookUrl, { VideoGuid: guid, Status: 3 }, { omitSignature: true })).toBe(401);
    expect(await bunny.sendWebhook(webhookUrl, body, { signature: signedOther })).toBe(401);
    expect(await status(ticket.video_id)).toBe(0);
    // Signed, but not ours: ignored with 200 (Bunny would retry anything else forever).
    expect(await bunny.sendWebhook(webhookUrl, { VideoGuid: "00000000-0000-4000-8000-000000000000", Status: 3 })).toBe(
      200,
    );
    expect(await bunny.sendWebhook(webhookUrl, { VideoGuid: guid, Status: 3, VideoLibraryId: 1 })).toBe(200);
    expect(await status(ticket.video_id)).toBe(0);
  });

  it("confirms only the creating admin's video of that lecture", async () => {
    const ticket = await createVideo(course.paid);
    await upload(ticket, mp4Like(20_000));
    const other = await secondAdmin(server);
    expect((await other.post(ticket.confirm!, { video_id: ticket.video_id })).status).toBe(404);
    expect((await admin.post(lectureUrl(course.login, "confirm-video"), { video_id: ticket.video_id })).status).toBe(
      404,
    );
    expect((await admin.post(ticket.confirm!, { video_id: ticket.video_id }, { csrf: false })).status).toBe(419);
    expect((await admin.post(ticket.confirm!, { video_id: "x" })).status).toBe(422);
    expect((await admin.post(ticket.confirm!, { video_id: ticket.video_id })).status).toBe(200);
  });

  it("does not accept a Bunny video on our own tus endpoint", async () => {
    const ticket = await createVideo(course.free);
    const response = await admin.raw("/tus/videos", {
      method: "POST",
      headers: {
        "tus-resumable": "1.0.0",
        "x-csrf-token": admin.csrfToken,
        "upload-length": "10",
        "upload-metadata": `video_id ${Buffer.from(String(ticket.video_id)).toString("base64")}`,
      },
    });
    expect(response.status).toBe(404);
  });

  it("says 'Video upload is temporarily unavailable' when Bunny is down, and keeps no video", async () => {
    const count = async () =>
      (
        await server.handle.db
          .selectFrom("videos")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    bunny.failNextApiCall(503);
    const response = await admin.post(lectureUrl(course.free, "create-video"), { title: "Down" });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe("Video upload is temporarily unavailable");
    expect(await count()).toBe(before);
  });
});
