// Hole 12 of the security issue: an image with a valid header can carry anything after it or inside it
// (a GIF89a carrying JavaScript, a JPEG with HTML in a comment, a PNG with a trailing <script>), and a
// phone's photo carries its GPS position. Whatever way the bytes arrive (the signed PUT to this server, the
// presigned PUT to an S3 bucket then the confirmation, a reply's multipart image), what is stored and
// served under /files/ is the image encoded afresh: it decodes at the right size, and holds no payload, no
// comment, no EXIF.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  newStudent,
  postComment,
  postMultipart,
} from "../helpers/discussion-fixtures.ts";
import { decodeImage, photoWithGps, polyglots } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { type FakeS3, startFakeS3 } from "#tests/fakes/s3.ts";
import { putSigned, s3Settings, testBucket } from "./media-helpers.ts";

const WIDTH = 30;
const HEIGHT = 20;
const extensions = { gif: "gif", gifTrailing: "gif", jpeg: "jpg", png: "png" } as const;
const contentTypes = { gif: "image/gif", jpg: "image/jpeg", png: "image/png" } as const;

/** The served bytes hold nothing but an image: no markup, no script, no marker of the payload. */
async function expectOnlyAnImage(bytes: Buffer, format: string, width: number, height: number) {
  const text = bytes.toString("latin1").toLowerCase();
  for (const needle of [
    "<script",
    "<html",
    "<body",
    "alert(",
    "document.cookie",
    "studium-polyglot",
    "studium-exif-owner",
    "exif",
  ]) {
    expect(text, needle).not.toContain(needle);
  }
  const decoded = await decodeImage(bytes);
  expect(decoded).toMatchObject({ format, width, height });
  expect(decoded.exif).toBeUndefined();
  expect(decoded.xmp).toBeUndefined();
  expect(decoded.comments).toBeUndefined();
}

async function served(server: TestServer, key: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/files/${key}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function ticket(admin: BrowserClient, extension: string) {
  const response = await admin.post("/home/images/create", {
    extension,
    filename: `picture.${extension}`,
    context: "course-cover",
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { upload: string; download: string; confirm?: string };
}

async function samples() {
  const photo = await photoWithGps(40, 20);
  // The sample photo really carries EXIF with a GPS IFD (tag 0x8825) and its owner's name.
  const meta = await decodeImage(photo);
  expect(meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  expect(photo.includes("studium-exif-owner")).toBe(true);
  return { images: await polyglots(WIDTH, HEIGHT), photo };
}

describe("on this server's disk (the signed PUT)", () => {
  let server: TestServer;
  let admin: BrowserClient;
  let course: DiscussionCourse<"free">;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await setUpSchool(server);
    course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
  });
  afterAll(() => server?.stop());

  it("stores the three polyglots as plain images of the right size", async () => {
    const { images } = await samples();
    for (const [name, bytes] of Object.entries(images) as [keyof typeof extensions, Buffer][]) {
      expect(bytes.toString("latin1"), name).toContain("studium-polyglot");
      const extension = extensions[name];
      const { upload, download } = await ticket(admin, extension);
      const put = await putSigned(server, upload, bytes, contentTypes[extension]);
      expect(put.status, `${name}: ${JSON.stringify(put.body)}`).toBe(200);
      const stored = await served(server, download);
      await expectOnlyAnImage(stored, extension === "jpg" ? "jpeg" : extension, WIDTH, HEIGHT);
      const row = await server.handle.db
        .selectFrom("uploads")
        .select("size")
        .where("storage_key", "=", download)
        .executeTakeFirst();
      expect(row?.size).toBe(stored.length);
    }
  });

  it("drops a photo's EXIF (GPS, owner) and turns it upright", async () => {
    const { photo } = await samples();
    const { upload, download } = await ticket(admin, "jpg");
    expect((await putSigned(server, upload, photo, "image/jpeg")).status).toBe(200);
    // Orientation 6: the 40x20 pixels show as 20x40.
    await expectOnlyAnImage(await served(server, download), "jpeg", 20, 40);
  });

  it("refuses a file whose header is an image's but whose body is not (422), and stores nothing", async () => {
    const { images } = await samples();
    const broken = Buffer.concat([images.png.subarray(0, 33), Buffer.from("<script>alert(1)</script>".repeat(4))]);
    const { upload, download } = await ticket(admin, "png");
    const put = await putSigned(server, upload, broken, "image/png");
    expect(put.status).toBe(422);
    expect(put.body.message).toBe("The file's content does not match its type.");
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
  });

  it("re-encodes a reply's image too", async () => {
    const { images, photo } = await samples();
    const student = await newStudent(server);
    const comment = await postComment(student.client, course.lectures.free, "What does it look like?");
    for (const [bytes, filename, type, width, height] of [
      [images.png, "a.png", "image/png", WIDTH, HEIGHT],
      [images.jpeg, "b.jpg", "image/jpeg", WIDTH, HEIGHT],
      [images.gif, "c.gif", "image/gif", WIDTH, HEIGHT],
      [photo, "d.jpg", "image/jpeg", 20, 40],
    ] as const) {
      const response = await postMultipart(admin, `/comment/${comment.id}/reply`, {
        body: "Like this",
        image: { bytes, filename, type },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { image } = (response.body as any).reply as { image: string };
      const format = type === "image/jpeg" ? "jpeg" : type.slice("image/".length);
      await expectOnlyAnImage(await served(server, image), format, width, height);
    }
  });
});

describe("in an S3 bucket (presigned PUT, then the confirmation)", () => {
  let s3: FakeS3;
  let server: TestServer;
  let admin: BrowserClient;
  beforeAll(async () => {
    s3 = await startFakeS3(testBucket);
    server = await startTestServer(s3Settings(s3.endpoint));
    admin = await setUpSchool(server);
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  it("keeps only the re-encoded image in the bucket for the polyglots and the photo", async () => {
    const { images, photo } = await samples();
    const cases = [
      ...(Object.entries(images) as [keyof typeof extensions, Buffer][]).map(
        ([name, bytes]) => [extensions[name], bytes, WIDTH, HEIGHT] as const,
      ),
      ["jpg", photo, 20, 40] as const,
    ];
    for (const [extension, bytes, width, height] of cases) {
      const { upload, download } = await ticket(admin, extension);
      expect((await putSigned(server, upload, bytes, contentTypes[extension])).status).toBe(200);
      const confirmed = await admin.post("/home/images/confirm", { path: download, context: "course-cover" });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const format = extension === "jpg" ? "jpeg" : extension;
      await expectOnlyAnImage(s3.objects.get(download)!.body, format, width, height);
      await expectOnlyAnImage(await served(server, download), format, width, height);
      for (const key of [`incoming/${download}`, `checking/${download}`]) expect(s3.objects.has(key), key).toBe(false);
    }
    expect(s3.unhandled).toEqual([]);
  });
});
