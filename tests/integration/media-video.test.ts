// Lecture videos over HTTP: POST .../create-video, our tus 1.0 endpoint (creation, HEAD, PATCH; 409, 412, 413,
// 415; only the admin who created the video), uploads cut at 10, 50 and 90 % and resumed after HEAD that end
// with the same SHA-256, the video component made on completion, and playback with Range (206) behind the
// lecture's gate.
import { createHash } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { type DetailedError, Upload } from "tus-js-client";
import { VIDEO_RETRY_DELAYS } from "#core/media/limits.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { mp4Like, png } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { arrangeCourse, type LecturePath, lectureUrl, secondAdmin, student } from "./media-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let course: Awaited<ReturnType<typeof arrangeCourse>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  course = await arrangeCourse(server);
});
afterAll(() => server?.stop());

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const TUS = { "tus-resumable": "1.0.0" };

/** A tus request as the tus client sends it from the admin's browser: cookie, CSRF header, Tus-Resumable. */
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

async function createVideo(client: BrowserClient, path: LecturePath, title = "Intro", durationSeconds?: number) {
  const response = await client.post(lectureUrl(path, "create-video"), { title, duration_seconds: durationSeconds });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { video_id: number; videoUpload: { endpoint: string; VideoId: string; title: string } };
}

const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

async function startUpload(client: BrowserClient, videoId: number, length: number) {
  const response = await tus(client, "POST", "/tus/videos", {
    "upload-length": String(length),
    "upload-metadata": metadata({ video_id: String(videoId), filename: "intro.mp4", filetype: "video/mp4" }),
  });
  expect(response.status).toBe(201);
  expect(response.headers.get("tus-resumable")).toBe("1.0.0");
  return response.headers.get("location")!;
}

async function offsetOf(client: BrowserClient, location: string): Promise<number> {
  const response = await tus(client, "HEAD", location);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return Number(response.headers.get("upload-offset"));
}

/** Sends `data` as a PATCH at `offset` and breaks the connection once the server has kept `cutAt` bytes. */
async function patchAndCut(client: BrowserClient, location: string, data: Buffer, cutAt: number) {
  const request = http.request({
    host: "127.0.0.1",
    port: server.port,
    method: "PATCH",
    path: location,
    agent: false,
    headers: {
      ...TUS,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-csrf-token": client.csrfToken,
      "content-type": "application/offset+octet-stream",
      "upload-offset": "0",
      "content-length": String(data.length),
    },
  });
  request.on("error", () => {}); // the cut
  request.write(data.subarray(0, cutAt));
  await waitFor(async () => (await offsetOf(client, location)) === cutAt);
  request.destroy();
}

/** The tus client's resume loop: HEAD, then PATCH the rest; 409 and 423 are retried after a new HEAD. */
async function resume(client: BrowserClient, location: string, data: Buffer) {
  await waitFor(
    async () => {
      const offset = await offsetOf(client, location);
      const response = await tus(
        client,
        "PATCH",
        location,
        { "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
        data.subarray(offset),
      );
      if (response.status === 409 || response.status === 423) return false;
      expect(response.status).toBe(204);
      expect(Number(response.headers.get("upload-offset"))).toBe(data.length);
      return true;
    },
    { timeoutMs: 20_000 },
  );
}

async function componentsOf(lectureId: number) {
  const rows = await server.handle.db
    .selectFrom("lecture_components")
    .select(["kind", "data"])
    .where("lecture_id", "=", lectureId)
    .execute();
  return rows.map((row) => ({ kind: row.kind, data: JSON.parse(row.data) as unknown }));
}

async function videoRow(id: number) {
  return server.handle.db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("create-video", () => {
  it("makes a local video for the lecture and answers where to upload it", async () => {
    const ticket = await createVideo(admin, course.free, "Welcome");
    expect(ticket.videoUpload).toEqual({ endpoint: "/tus/videos", VideoId: String(ticket.video_id), title: "Welcome" });
    expect(await videoRow(ticket.video_id)).toMatchObject({
      provider: "local",
      status: 0,
      lecture_id: course.free.lectureId,
      title: "Welcome",
    });
  });

  it("follows the HTTP contract: 419, 401, 403, 404 for a lecture outside the path", async () => {
    const url = lectureUrl(course.free, "create-video");
    expect((await admin.post(url, {}, { csrf: false })).status).toBe(419);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.post(url, {})).status).toBe(401);
    expect((await (await student(server)).post(url, {})).status).toBe(403);
    const wrong = { ...course.free, sectionId: course.sectionId + 1000 };
    expect((await admin.post(lectureUrl(wrong, "create-video"), {})).status).toBe(404);
    const other = await arrangeCourse(server);
    expect(
      (await admin.post(lectureUrl({ ...course.free, courseId: other.courseId }, "create-video"), {})).status,
    ).toBe(404);
  });
});

describe("tus", () => {
  it("describes itself on OPTIONS", async () => {
    const response = await admin.raw("/tus/videos", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("tus-version")).toBe("1.0.0");
    expect(response.headers.get("tus-extension")).toBe("creation");
    expect(response.headers.get("tus-max-size")).toBe(String(2 * 1024 * 1024 * 1024));
  });

  it.each([10, 50, 90])(
    "completes an upload cut at %i percent and resumed after HEAD, with the same SHA-256",
    async (percent) => {
      const data = mp4Like(3 * 1024 * 1024 + 123);
      const { video_id } = await createVideo(admin, course.free);
      const location = await startUpload(admin, video_id, data.length);
      expect(location).toBe(`/tus/videos/${video_id}`);
      expect(await offsetOf(admin, location)).toBe(0);

      const cutAt = Math.floor((data.length * percent) / 100);
      await patchAndCut(admin, location, data, cutAt);
      await resume(admin, location, data);

      const video = await videoRow(video_id);
      expect(video.status).toBe(3);
      expect(video.storage_key).toBe(`videos/${video_id}/video.mp4`);
      expect(await componentsOf(course.free.lectureId)).toContainEqual({
        kind: "video",
        data: { video_id, title: "Intro" },
      });

      const stream = await admin.raw(`/videos/${video_id}/stream`);
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toBe("video/mp4");
      expect(sha256(Buffer.from(await stream.arrayBuffer()))).toBe(sha256(data));
      // Finished: the upload is gone.
      expect((await tus(admin, "HEAD", location)).status).toBe(404);
    },
  );

  it("answers 409 with the right offset to a PATCH at the wrong one, and 415 without the tus content type", async () => {
    const data = mp4Like(1000);
    const { video_id } = await createVideo(admin, course.free);
    const location = await startUpload(admin, video_id, data.length);
    const first = await tus(
      admin,
      "PATCH",
      location,
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      data.subarray(0, 100),
    );
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe("100");
    for (const offset of ["0", "50", "101", "1000"]) {
      const wrong = await tus(
        admin,
        "PATCH",
        location,
        { "content-type": "application/offset+octet-stream", "upload-offset": offset },
        data.subarray(100),
      );
      expect(wrong.status, offset).toBe(409);
      expect(wrong.headers.get("upload-offset")).toBe("100");
    }
    const untyped = await tus(
      admin,
      "PATCH",
      location,
      { "content-type": "application/octet-stream", "upload-offset": "100" },
      data.subarray(100),
    );
    expect(untyped.status).toBe(415);
    expect(await offsetOf(admin, location)).toBe(100);
  });

  it("answers 423 to a second PATCH while a piece is still being written, so the client retries", async () => {
    const data = mp4Like(4000);
    const { video_id } = await createVideo(admin, course.free);
    const location = await startUpload(admin, video_id, data.length);
    const slow = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "PATCH",
      path: location,
      agent: false,
      headers: {
        ...TUS,
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-csrf-token": admin.csrfToken,
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
        "content-length": String(data.length),
      },
    });
    const finished = new Promise<number>((resolve) =>
      slow.on("response", (response) => resolve(response.statusCode ?? 0)),
    );
    slow.write(data.subarray(0, 1000));
    await waitFor(async () => (await offsetOf(admin, location)) === 1000);
    const second = await tus(
      admin,
      "PATCH",
      location,
      { "content-type": "application/offset+octet-stream", "upload-offset": "1000" },
      data.subarray(1000),
    );
    expect(second.status).toBe(423);
    slow.end(data.subarray(1000));
    expect(await finished).toBe(204);
    expect((await videoRow(video_id)).status).toBe(3);
  });

  it("answers 412 to a missing or other Tus-Resumable", async () => {
    const { video_id } = await createVideo(admin, course.free);
    for (const version of [undefined, "0.2.2", "2.0.0"]) {
      const headers: Record<string, string> = {
        "x-csrf-token": admin.csrfToken,
        "upload-length": "10",
        "upload-metadata": metadata({ video_id: String(video_id) }),
      };
      if (version) headers["tus-resumable"] = version;
      const response = await admin.raw("/tus/videos", { method: "POST", headers });
      expect(response.status, String(version)).toBe(412);
      expect(response.headers.get("tus-version")).toBe("1.0.0");
    }
  });

  it("answers 413 to an upload over 2 GB and to bytes past the announced length", async () => {
    const { video_id } = await createVideo(admin, course.free);
    const tooBig = await tus(admin, "POST", "/tus/videos", {
      "upload-length": String(2 * 1024 * 1024 * 1024 + 1),
      "upload-metadata": metadata({ video_id: String(video_id) }),
    });
    expect(tooBig.status).toBe(413);
    const location = await startUpload(admin, video_id, 100);
    const past = await tus(
      admin,
      "PATCH",
      location,
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      mp4Like(150),
    );
    expect(past.status).toBe(413);
    expect(await offsetOf(admin, location)).toBeLessThanOrEqual(100);
  });

  it("lets only the admin who created the video upload it", async () => {
    const data = mp4Like(500);
    const { video_id } = await createVideo(admin, course.free);
    const location = await startUpload(admin, video_id, data.length);
    const other = await secondAdmin(server);
    const learner = await student(server, { accessTo: course.courseId });
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    const patch = { "content-type": "application/offset+octet-stream", "upload-offset": "0" };
    for (const [client, status] of [
      [other, 404],
      [learner, 404],
      [visitor, 401],
    ] as const) {
      expect((await tus(client, "PATCH", location, patch, data)).status).toBe(status);
      expect((await tus(client, "HEAD", location)).status).toBe(status);
      const post = await tus(client, "POST", "/tus/videos", {
        "upload-length": "10",
        "upload-metadata": metadata({ video_id: String(video_id) }),
      });
      expect(post.status).toBe(status);
    }
    // The owner without the CSRF header: 419.
    const noToken = await admin.raw(location, {
      method: "PATCH",
      headers: { ...TUS, ...patch },
      body: new Uint8Array(data),
    });
    expect(noToken.status).toBe(419);
    expect(noToken.headers.get("tus-resumable")).toBe("1.0.0");
    expect(await offsetOf(admin, location)).toBe(0);
    // A video id that is not one of ours, or not a number.
    expect((await tus(admin, "HEAD", "/tus/videos/999999")).status).toBe(404);
    expect((await tus(admin, "HEAD", "/tus/videos/abc")).status).toBe(404);
  });

  it("refuses a file that is not a video when it is complete, and marks the video failed", async () => {
    const data = png(10, 10);
    const { video_id } = await createVideo(admin, course.login);
    const location = await startUpload(admin, video_id, data.length);
    const response = await tus(
      admin,
      "PATCH",
      location,
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      data,
    );
    expect(response.status).toBe(422);
    expect((await videoRow(video_id)).status).toBe(5);
    expect(
      (await componentsOf(course.login.lectureId)).some((c) => (c.data as { video_id?: number }).video_id === video_id),
    ).toBe(false);
  });
});

/**
 * A TCP proxy in front of the server that breaks the first connection carrying more than `cutAfter` bytes
 * from the client (a network cut in the middle of an upload); later connections pass untouched.
 */
async function cuttingProxy(
  cutAfter: number,
): Promise<{ url: string; cuts: () => number; close: () => Promise<void> }> {
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(server.port, "127.0.0.1");
    sockets.add(client).add(upstream);
    let sent = 0;
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (cuts === 0 && sent > cutAfter) {
        cuts += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    for (const socket of [client, upstream]) socket.on("error", () => {});
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cuts: () => cuts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

describe("with the real tus client (tus-js-client)", () => {
  it("names the component after the file and gives a lecture without a length the video's, never overwriting one", async () => {
    const lectureLength = async (lectureId: number) =>
      (
        await server.handle.db
          .selectFrom("lectures")
          .select("duration_minutes")
          .where("id", "=", lectureId)
          .executeTakeFirstOrThrow()
      ).duration_minutes;
    const upload = async (path: LecturePath, title: string, seconds: number) => {
      const data = mp4Like(64 * 1024);
      const { video_id } = await createVideo(admin, path, title, seconds);
      const location = await startUpload(admin, video_id, data.length);
      await resume(admin, location, data);
      return video_id;
    };
    await server.handle.db
      .updateTable("lectures")
      .set({ duration_minutes: 0 })
      .where("id", "=", course.paid.lectureId)
      .execute();
    const first = await upload(course.paid, "Lesson one (final cut)", 754.4);
    expect(await componentsOf(course.paid.lectureId)).toContainEqual({
      kind: "video",
      data: { video_id: first, title: "Lesson one (final cut)" },
    });
    // 754.4 s: 12 min 34 s, shown as 13 minutes.
    expect(await lectureLength(course.paid.lectureId)).toBe(13);
    // A second video, or one for a lecture whose length the admin entered, changes no length.
    await upload(course.paid, "Bonus", 3600);
    expect(await lectureLength(course.paid.lectureId)).toBe(13);
    await upload(course.free, "Free one", 3600);
    expect(await lectureLength(course.free.lectureId)).toBe(5);
    // A length out of range is refused before any upload.
    expect((await admin.post(lectureUrl(course.paid, "create-video"), { duration_seconds: -1 })).status).toBe(422);
  });

  it("uploads through a network cut: it retries, asks for the offset and completes with the same SHA-256", async () => {
    const data = mp4Like(2 * 1024 * 1024 + 77);
    const { video_id, videoUpload } = await createVideo(admin, course.login, "Via tus-js-client");
    const proxy = await cuttingProxy(data.length / 2);
    const progress: number[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const upload = new Upload(data, {
          endpoint: proxy.url + videoUpload.endpoint,
          // The editor's own setting (spec §7): the first retry comes at once.
          retryDelays: [...VIDEO_RETRY_DELAYS],
          metadata: { video_id: videoUpload.VideoId, filename: "lesson.mp4", filetype: "video/mp4" },
          headers: {
            cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
            "X-CSRF-TOKEN": admin.csrfToken,
            "X-Requested-With": "XMLHttpRequest",
          },
          onProgress: (sent, total) => progress.push(Math.floor((sent / total) * 100)),
          onSuccess: () => resolve(),
          onError: reject,
        });
        upload.start();
      });
    } finally {
      await proxy.close();
    }
    expect(proxy.cuts()).toBe(1);
    expect(progress.at(-1)).toBe(100);
    expect((await videoRow(video_id)).status).toBe(3);
    expect(await componentsOf(course.login.lectureId)).toContainEqual({
      kind: "video",
      data: { video_id, title: "Via tus-js-client" },
    });
    const stream = await admin.raw(`/videos/${video_id}/stream`);
    expect(sha256(Buffer.from(await stream.arrayBuffer()))).toBe(sha256(data));
  });

  it("does not retry a refusal: 413 ends the upload at once", async () => {
    const { videoUpload } = await createVideo(admin, course.login);
    const started = Date.now();
    const error = await new Promise<DetailedError | Error>((resolve, reject) => {
      const upload = new Upload(Buffer.alloc(10), {
        endpoint: server.url + videoUpload.endpoint,
        uploadSize: 3 * 1024 * 1024 * 1024,
        retryDelays: [...VIDEO_RETRY_DELAYS],
        metadata: { video_id: videoUpload.VideoId },
        headers: {
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          "X-CSRF-TOKEN": admin.csrfToken,
        },
        onSuccess: () => reject(new Error("should not succeed")),
        onError: resolve,
      });
      upload.start();
    });
    expect((error as DetailedError).originalResponse?.getStatus()).toBe(413);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("playback", () => {
  let paidVideo: number;
  let freeVideo: number;
  const data = mp4Like(200_000);

  async function uploadWhole(path: LecturePath) {
    const { video_id } = await createVideo(admin, path);
    const location = await startUpload(admin, video_id, data.length);
    const response = await tus(
      admin,
      "PATCH",
      location,
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      data,
    );
    expect(response.status).toBe(204);
    return video_id;
  }

  beforeAll(async () => {
    paidVideo = await uploadWhole(course.paid);
    freeVideo = await uploadWhole(course.free);
  });

  it("answers a Range with 206 and the asked-for bytes", async () => {
    const response = await admin.raw(`/videos/${paidVideo}/stream`, { headers: { range: "bytes=1000-1999" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 1000-1999/${data.length}`);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await response.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);
    const tail = await admin.raw(`/videos/${paidVideo}/stream`, { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(data.subarray(data.length - 10))).toBe(true);
    const beyond = await admin.raw(`/videos/${paidVideo}/stream`, { headers: { range: `bytes=${data.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${data.length}`);
  });

  it("follows the lecture's gate: paid for students with access, free for everyone", async () => {
    const visitor = new BrowserClient(server.url);
    const without = await student(server);
    const withAccess = await student(server, { accessTo: course.courseId });
    expect((await visitor.raw(`/videos/${paidVideo}/stream`)).status).toBe(404);
    expect((await without.raw(`/videos/${paidVideo}/stream`)).status).toBe(404);
    const allowed = await withAccess.raw(`/videos/${paidVideo}/stream`, { headers: { range: "bytes=0-9" } });
    expect(allowed.status).toBe(206);
    expect(allowed.headers.get("cache-control")).toBe("private, no-cache");
    expect((await visitor.raw(`/videos/${freeVideo}/stream`, { headers: { range: "bytes=0-9" } })).status).toBe(206);
    // The player's status call follows the same gate.
    expect((await withAccess.json("GET", `/videos/${paidVideo}`)).body).toEqual({ id: paidVideo, status: 3 });
    expect((await without.json("GET", `/videos/${paidVideo}`)).status).toBe(404);
    expect((await visitor.json("GET", "/videos/999999")).status).toBe(404);
  });

  it("hides a draft lecture's video from students with access", async () => {
    await server.handle.db
      .updateTable("lectures")
      .set({ status: "draft" })
      .where("id", "=", course.paid.lectureId)
      .execute();
    try {
      const withAccess = await student(server, { accessTo: course.courseId });
      expect((await withAccess.raw(`/videos/${paidVideo}/stream`)).status).toBe(404);
      expect((await admin.raw(`/videos/${paidVideo}/stream`, { headers: { range: "bytes=0-0" } })).status).toBe(206);
    } finally {
      await server.handle.db
        .updateTable("lectures")
        .set({ status: "published" })
        .where("id", "=", course.paid.lectureId)
        .execute();
    }
  });

  it("plays a video on no lecture to the admins only (core's media policy), not to a student who had access", async () => {
    await server.handle.db.updateTable("videos").set({ lecture_id: null }).where("id", "=", paidVideo).execute();
    try {
      const visitor = new BrowserClient(server.url);
      const withAccess = await student(server, { accessTo: course.courseId });
      const other = await secondAdmin(server);
      expect((await visitor.raw(`/videos/${paidVideo}/stream`)).status).toBe(404);
      expect((await withAccess.raw(`/videos/${paidVideo}/stream`)).status).toBe(404);
      expect((await withAccess.json("GET", `/videos/${paidVideo}`)).status).toBe(404);
      const played = await other.raw(`/videos/${paidVideo}/stream`, { headers: { range: "bytes=0-0" } });
      expect(played.status).toBe(206);
      expect((await other.json("GET", `/videos/${paidVideo}`)).body).toEqual({ id: paidVideo, status: 3 });
    } finally {
      await server.handle.db
        .updateTable("videos")
        .set({ lecture_id: course.paid.lectureId })
        .where("id", "=", paidVideo)
        .execute();
    }
  });

  it("does not play a video still uploading", async () => {
    const { video_id } = await createVideo(admin, course.free);
    await startUpload(admin, video_id, 100);
    expect((await admin.raw(`/videos/${video_id}/stream`)).status).toBe(404);
    expect((await admin.json("GET", `/videos/${video_id}`)).body).toEqual({ id: video_id, status: 0 });
  });
});
