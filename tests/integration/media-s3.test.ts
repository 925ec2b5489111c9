// Media on S3 storage: the real server (S3_BUCKET set) against the fake bucket (tests/fakes/s3.ts), which
// checks SigV4 like S3. The browser PUTs straight to the bucket with a presigned URL (the Content-Type is
// signed; the URL expires), then confirms; the server checks the object (HEAD for the size, a GET of the whole
// image for the magic bytes, pixels, SVG safety, then its re-encoded copy is stored; a ranged GET of a PDF's
// first bytes), moves it out of incoming/ and serves it through /files with the
// same headers as from disk. Refused objects are deleted; a re-PUT after the confirmation changes nothing
// that is served. Lecture PDFs and local videos are stored in the bucket too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { decodeImage, mp4Like, pdf, png, realImage, safeSvg, svgWithScript } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { type FakeS3, startFakeS3 } from "#tests/fakes/s3.ts";
import { arrangeCourse, lectureUrl, putSigned, s3Settings, secondAdmin, testBucket } from "./media-helpers.ts";

const bucket = testBucket;
let s3: FakeS3;
let server: TestServer;
let admin: BrowserClient;
let course: Awaited<ReturnType<typeof arrangeCourse>>;

beforeAll(async () => {
  s3 = await startFakeS3(bucket);
  server = await startTestServer(s3Settings(s3.endpoint));
  admin = await setUpSchool(server);
  course = await arrangeCourse(server);
});
afterEach(() => expect(s3.unhandled).toEqual([]));
afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

type Ticket = { upload: string; download: string; confirm?: string };

async function ticket(extension: string, context = "course-cover"): Promise<Ticket> {
  const response = await admin.post("/home/images/create", { extension, filename: `picture.${extension}`, context });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Ticket;
}

const confirm = (download: string, context = "course-cover") =>
  admin.post("/home/images/confirm", { path: download, context });

async function uploadRow(key: string) {
  return server.handle.db.selectFrom("uploads").selectAll().where("storage_key", "=", key).executeTakeFirst();
}

describe("images", () => {
  it("goes create -> presigned PUT to the bucket -> confirm -> served, and shows on the course page", async () => {
    const { upload, download, confirm: confirmPath } = await ticket("png");
    expect(confirmPath).toBe("/home/images/confirm");
    const url = new URL(upload);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${bucket.bucket}/incoming/${download}`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("1800");

    const image = png(64, 40);
    const put = await putSigned(server, upload, image, "image/png");
    expect(put.status).toBe(200);
    expect(s3.objects.get(`incoming/${download}`)?.contentType).toBe("image/png");
    // Not usable (nor served) before the confirmation.
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
    expect(await uploadRow(download)).toMatchObject({ status: "pending" });

    const checked = s3.requests.length;
    const confirmed = await confirm(download);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ download });
    // The server's own signed requests: the object moved out of the presigned URL's reach, then checked.
    expect(s3.requests.slice(checked).every((request) => request.auth === "header")).toBe(true);
    // An image is read whole (it is re-encoded), at most 10 MB.
    expect(s3.requests.slice(checked).some((request) => request.method === "GET" && request.status === 200)).toBe(true);
    expect(s3.objects.has(`incoming/${download}`)).toBe(false);
    expect(s3.objects.has(`checking/${download}`)).toBe(false);
    // What reaches <key> is the image re-encoded (media-image-cleaning.test.ts).
    const kept = s3.objects.get(download)!.body;
    expect(await decodeImage(kept)).toMatchObject({ format: "png", width: 64, height: 40 });
    expect(await uploadRow(download)).toMatchObject({ status: "stored", size: kept.length });
    // Confirming again is harmless.
    expect((await confirm(download)).body).toEqual({ download });

    const served = await fetch(`${server.url}/files/${download}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(kept)).toBe(true);
    const range = await fetch(`${server.url}/files/${download}`, { headers: { range: "bytes=0-7" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(kept.subarray(0, 8))).toBe(true);

    // The course's cover: accepted (the upload is stored) and shown on its page.
    const saved = await admin.json("PUT", `/home/courses/${course.courseId}`, { cover_image: download });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { slug } = await server.handle.db
      .selectFrom("courses")
      .select("slug")
      .where("id", "=", course.courseId)
      .executeTakeFirstOrThrow();
    const page = await fetch(`${server.url}/${slug}`);
    const html = await page.text();
    expect(html).toContain(`src="/files/${download}"`);
  });

  it("stores JPEG and a safe SVG, and refuses what is not what its name says, deleting it from the bucket", async () => {
    const jpg = await ticket("jpg");
    expect((await putSigned(server, jpg.upload, await realImage("jpeg", 1280, 800), "image/jpeg")).status).toBe(200);
    expect((await confirm(jpg.download)).status).toBe(200);
    expect(await decodeImage(s3.objects.get(jpg.download)!.body)).toMatchObject({
      format: "jpeg",
      width: 1280,
      height: 800,
    });
    const svg = await ticket("svg");
    expect((await putSigned(server, svg.upload, safeSvg, "image/svg+xml")).status).toBe(200);
    expect((await confirm(svg.download)).status).toBe(200);
    expect(s3.objects.get(svg.download)?.body.equals(safeSvg)).toBe(true);
    const refused: [string, string, Buffer, number, string][] = [
      [
        "png",
        "image/png",
        Buffer.from("<script>alert(document.cookie)</script>"),
        422,
        "The file's content does not match its type.",
      ],
      ["jpeg", "image/jpeg", png(8, 8), 422, "The file's content does not match its type."],
      [
        "svg",
        "image/svg+xml",
        svgWithScript,
        422,
        "This SVG file contains scripts or links to other files, so it cannot be used.",
      ],
      [
        "png",
        "image/png",
        png(30000, 30000, { pixels: false }),
        422,
        "The image is too large: at most 10000 × 10000 pixels.",
      ],
      [
        "png",
        "image/png",
        Buffer.concat([png(10, 10), Buffer.alloc(10 * 1024 * 1024)]),
        413,
        "File too big (at most 10 MB)",
      ],
    ];
    for (const [extension, contentType, bytes, status, message] of refused) {
      const { upload, download } = await ticket(extension);
      // A presigned PUT cannot refuse any of these: the bucket takes them.
      expect((await putSigned(server, upload, bytes, contentType)).status).toBe(200);
      const answer = await confirm(download);
      expect(answer.status, message).toBe(status);
      expect(answer.body.message).toBe(message);
      for (const key of [download, `incoming/${download}`, `checking/${download}`])
        expect(s3.objects.has(key), key).toBe(false);
      expect(await uploadRow(download)).toMatchObject({ status: "pending" });
      expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
    }
  });

  it("lets the bucket refuse a PUT with another Content-Type than the signed one, or after the URL expired", async () => {
    const { upload, download } = await ticket("png");
    for (const type of ["image/jpeg", "text/html", "image/png; charset=utf-8"]) {
      const response = await putSigned(server, upload, png(4, 4), type);
      expect(response.status, type).toBe(403);
      expect(String(response.body)).toContain("SignatureDoesNotMatch");
    }
    s3.advance(31 * 60 * 1000);
    try {
      const late = await putSigned(server, upload, png(4, 4), "image/png");
      expect(late.status).toBe(403);
      expect(String(late.body)).toContain("Request has expired");
    } finally {
      s3.advance(-31 * 60 * 1000);
    }
    // Nothing arrived: confirming is a 409, and the upload stays pending.
    expect((await confirm(download)).status).toBe(409);
    expect(await uploadRow(download)).toMatchObject({ status: "pending" });
  });

  it("serves what was checked even when the presigned URL is used again after the confirmation", async () => {
    const { upload, download } = await ticket("svg");
    expect((await putSigned(server, upload, safeSvg, "image/svg+xml")).status).toBe(200);
    expect((await confirm(download)).status).toBe(200);
    expect((await putSigned(server, upload, svgWithScript, "image/svg+xml")).status).toBe(200);
    const served = await fetch(`${server.url}/files/${download}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(safeSvg)).toBe(true);
    expect(served.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("confirms only the uploader's own image of that context, after a CSRF-checked call", async () => {
    const { upload, download } = await ticket("png");
    expect((await putSigned(server, upload, png(4, 4), "image/png")).status).toBe(200);
    const other = await secondAdmin(server);
    expect((await other.post("/home/images/confirm", { path: download, context: "course-cover" })).status).toBe(404);
    expect((await confirm(download, "reply")).status).toBe(404);
    expect(
      (await admin.post("/home/images/confirm", { path: download, context: "course-cover" }, { csrf: false })).status,
    ).toBe(419);
    expect((await confirm(`/files/${download}`)).status).toBe(200);
  });

  it("deletes the image from the bucket", async () => {
    const { upload, download } = await ticket("png");
    expect((await putSigned(server, upload, png(4, 4), "image/png")).status).toBe(200);
    expect((await confirm(download)).status).toBe(200);
    const deleted = await admin.post("/home/images/delete", { path: download, context: "course-cover" });
    expect(deleted.body).toBe(true);
    expect(s3.objects.has(download)).toBe(false);
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
    // Deleted before it was confirmed: the bytes waiting at incoming/ go too.
    const unconfirmed = await ticket("png");
    expect((await putSigned(server, unconfirmed.upload, png(4, 4), "image/png")).status).toBe(200);
    expect(
      (await admin.post("/home/images/delete", { path: unconfirmed.download, context: "course-cover" })).body,
    ).toBe(true);
    expect(s3.objects.has(`incoming/${unconfirmed.download}`)).toBe(false);
  });

  it("has no upload route of its own: PUT /uploads/ is refused", async () => {
    const { download } = await ticket("png");
    const response = await putSigned(
      server,
      `/uploads/${download}?content_type=image%2Fpng&expires=9999999999&signature=x`,
      png(4, 4),
      "image/png",
    );
    expect(response.status).toBe(403);
  });
});

describe("lecture files and videos", () => {
  it("checks a lecture PDF in the bucket before confirm-file makes its component, and serves it by the gate", async () => {
    const create = await admin.post(lectureUrl(course.paid, "create-pdf"), { filename: "Notes.pdf" });
    expect(create.status).toBe(200);
    const { upload, download } = create.body as Ticket;
    expect(new URL(upload).pathname).toBe(`/${bucket.bucket}/incoming/${download}`);
    // Not a PDF: refused at the confirmation, deleted.
    expect((await putSigned(server, upload, Buffer.from("<html>"), "application/pdf")).status).toBe(200);
    const refused = await admin.post(lectureUrl(course.paid, "confirm-file"), {
      path: download,
      filename: "Notes.pdf",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("This file is not a PDF.");
    // The real one.
    const bytes = pdf();
    expect((await putSigned(server, upload, bytes, "application/pdf")).status).toBe(200);
    const confirmed = await admin.post(lectureUrl(course.paid, "confirm-file"), {
      path: download,
      filename: "Notes.pdf",
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.component).toMatchObject({
      kind: "pdf",
      data: { storage_key: download, size: bytes.length },
    });
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
    const served = await admin.raw(`/files/${download}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("moves a finished local tus upload into the bucket and plays it from there with ranges", async () => {
    const created = await admin.post(lectureUrl(course.free, "create-video"), { title: "Intro" });
    expect(created.status).toBe(200);
    const videoId = created.body.video_id as number;
    const data = mp4Like(300_000);
    const tus = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
      admin.raw(path, {
        method,
        headers: {
          "tus-resumable": "1.0.0",
          "x-csrf-token": admin.csrfToken,
          "x-requested-with": "XMLHttpRequest",
          ...headers,
        },
        body: body ? new Uint8Array(body) : undefined,
      });
    const start = await tus("POST", "/tus/videos", {
      "upload-length": String(data.length),
      "upload-metadata": `video_id ${Buffer.from(String(videoId)).toString("base64")}`,
    });
    expect(start.status).toBe(201);
    const patch = await tus(
      "PATCH",
      start.headers.get("location")!,
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      data,
    );
    expect(patch.status).toBe(204);
    expect(s3.objects.get(`videos/${videoId}/video.mp4`)?.body.equals(data)).toBe(true);
    const range = await fetch(`${server.url}/videos/${videoId}/stream`, { headers: { range: "bytes=100-199" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true);
  });
});
