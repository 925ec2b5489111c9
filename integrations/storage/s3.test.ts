// The S3 storage against the fake bucket (tests/fakes/s3.ts), which checks every signature the way S3
// does: objects round trip, byte ranges, streams with and without a known length, moves, and the
// browser's presigned PUT, which works only with the signed Content-Type and only until it expires.
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "#tests/fakes/s3.ts";
import { createS3Storage, S3Error, type S3StorageOptions, s3ObjectUrl } from "./s3.ts";
import type { Storage } from "#core/ports/storage.ts";

const credentials = {
  bucket: "school-files",
  region: "eu-central-1",
  accessKeyId: "AKIDFAKE",
  secretAccessKey: "fake-secret-key",
};
let fake: FakeS3;
let storage: Storage;
let options: S3StorageOptions;

beforeAll(async () => {
  fake = await startFakeS3(credentials);
  options = { ...credentials, endpoint: fake.endpoint, forcePathStyle: true };
  storage = createS3Storage(options);
});
afterEach(() => expect(fake.unhandled).toEqual([]));
afterAll(() => fake?.close());

const read = async (key: string) => {
  const stream = await storage.get(key);
  return stream ? text(stream) : null;
};

describe("objects", () => {
  it("stores a buffer and gives back the same bytes, size and content type, with signed requests", async () => {
    expect(await storage.put("images/a.txt", Buffer.from("hello, bucket"), { contentType: "text/plain" })).toEqual({
      size: 13,
      contentType: "text/plain",
    });
    expect(fake.objects.get("images/a.txt")).toEqual({ body: Buffer.from("hello, bucket"), contentType: "text/plain" });
    expect(await read("images/a.txt")).toBe("hello, bucket");
    expect(await storage.head("images/a.txt")).toEqual({ size: 13, contentType: "text/plain" });
    expect(fake.requests.slice(-3).map((r) => [r.method, r.auth, r.status])).toEqual([
      ["PUT", "header", 200],
      ["GET", "header", 200],
      ["HEAD", "header", 200],
    ]);
  });

  it("reads the inclusive byte range asked for", async () => {
    await storage.put("ranges/digits.txt", Buffer.from("0123456789"), { contentType: "text/plain" });
    const piece = async (start: number, end: number) => text((await storage.get("ranges/digits.txt", { start, end }))!);
    expect(await piece(0, 0)).toBe("0");
    expect(await piece(2, 5)).toBe("2345");
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", status: 206 });
  });

  it("sends a stream of known length as it comes, and counts one of unknown length first", async () => {
    const chunks = () => Readable.from([Buffer.from("abc"), Buffer.from("def"), Buffer.from("gh")]);
    expect(await storage.put("videos/1/video.mp4", chunks(), { contentType: "video/mp4", contentLength: 8 })).toEqual({
      size: 8,
      contentType: "video/mp4",
    });
    expect(await storage.put("videos/2/video.mp4", chunks(), { contentType: "video/mp4" })).toEqual({
      size: 8,
      contentType: "video/mp4",
    });
    expect(fake.objects.get("videos/1/video.mp4")?.body.toString()).toBe("abcdefgh");
    expect(fake.objects.get("videos/2/video.mp4")?.body.toString()).toBe("abcdefgh");
  });

  it("answers null for a missing key and deletes quietly", async () => {
    expect(await storage.get("nothing/here.png")).toBeNull();
    expect(await storage.head("nothing/here.png")).toBeNull();
    await storage.delete("nothing/here.png");
    await storage.put("gone/soon.txt", Buffer.from("x"), { contentType: "text/plain" });
    await storage.delete("gone/soon.txt");
    expect(fake.objects.has("gone/soon.txt")).toBe(false);
  });

  it("moves an object inside the bucket (copy, then delete)", async () => {
    await storage.put("incoming/images/m.png", Buffer.from("png bytes"), { contentType: "image/png" });
    await storage.move("incoming/images/m.png", "images/m.png");
    expect(fake.objects.get("images/m.png")).toEqual({ body: Buffer.from("png bytes"), contentType: "image/png" });
    expect(fake.objects.has("incoming/images/m.png")).toBe(false);
    await expect(storage.move("incoming/images/none.png", "images/n.png")).rejects.toThrow(S3Error);
  });

  it("refuses keys outside the rules before anything is sent", async () => {
    const before = fake.requests.length;
    await expect(storage.put("../etc/passwd", Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(
      /invalid storage key/,
    );
    await expect(storage.get("images/../../x")).rejects.toThrow(/invalid storage key/);
    expect(fake.requests.length).toBe(before);
  });

  it("fails loudly with the wrong secret or a clock S3 finds too far off", async () => {
    const wrong = createS3Storage({ ...options, secretAccessKey: "not-the-secret" });
    await expect(wrong.put("images/w.txt", Buffer.from("x"), { contentType: "text/plain" })).rejects.toMatchObject({
      status: 403,
      code: "SignatureDoesNotMatch",
    });
    fake.advance(20 * 60 * 1000);
    try {
      await expect(
        storage.put("images/late.txt", Buffer.from("x"), { contentType: "text/plain" }),
      ).rejects.toMatchObject({
        code: "RequestTimeTooSkewed",
      });
    } finally {
      fake.advance(-20 * 60 * 1000);
    }
    expect(fake.objects.has("images/w.txt")).toBe(false);
  });
});

describe("presigned PUT", () => {
  const browserPut = (url: string, body: string, contentType: string | null) =>
    fetch(url, { method: "PUT", body, headers: contentType === null ? {} : { "content-type": contentType } });

  it("takes the browser's bytes with the signed Content-Type", async () => {
    const url = storage.createSignedPutUrl("incoming/images/p.png", {
      contentType: "image/png",
      expiresInSeconds: 600,
    });
    expect(
      url.startsWith(`${fake.endpoint}/school-files/incoming/images/p.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&`),
    ).toBe(true);
    expect(new URL(url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host");
    const response = await browserPut(url, "the bytes", "image/png");
    expect(response.status).toBe(200);
    expect(fake.objects.get("incoming/images/p.png")).toEqual({
      body: Buffer.from("the bytes"),
      contentType: "image/png",
    });
    expect(fake.requests.at(-1)).toMatchObject({ auth: "presigned", status: 200 });
  });

  it("refuses another Content-Type, even one that differs only in case or a parameter", async () => {
    const url = storage.createSignedPutUrl("incoming/images/q.png", {
      contentType: "image/png",
      expiresInSeconds: 600,
    });
    for (const type of ["image/jpeg", "IMAGE/PNG", "image/png; charset=utf-8", "text/html", null]) {
      const response = await browserPut(url, "x", type);
      expect(response.status, String(type)).toBe(403);
      expect(await response.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
    }
    expect(fake.objects.has("incoming/images/q.png")).toBe(false);
  });

  it("refuses the URL after it expired, and a URL changed to another key", async () => {
    const url = storage.createSignedPutUrl("incoming/images/r.png", { contentType: "image/png", expiresInSeconds: 60 });
    expect((await browserPut(url.replace("/r.png?", "/s.png?"), "x", "image/png")).status).toBe(403);
    fake.advance(61_000);
    try {
      const late = await browserPut(url, "x", "image/png");
      expect(late.status).toBe(403);
      expect(await late.text()).toContain("Request has expired");
    } finally {
      fake.advance(-61_000);
    }
    expect(fake.objects.has("incoming/images/r.png")).toBe(false);
    expect(fake.objects.has("incoming/images/s.png")).toBe(false);
  });

  it("is never verified by the server itself: the bucket receives the PUT", () => {
    const url = storage.createSignedPutUrl("incoming/images/t.png", { contentType: "image/png", expiresInSeconds: 60 });
    expect(storage.uploadsArriveHere).toBe(false);
    expect(storage.verifySignedPut(url)).toBeNull();
  });
});

describe("addresses", () => {
  it("uses path style, virtual hosts or AWS's regional endpoint as configured", () => {
    expect(s3ObjectUrl({ bucket: "b", region: "eu-west-1" }, "images/a b.png").href).toBe(
      "https://b.s3.eu-west-1.amazonaws.com/images/a%20b.png",
    );
    expect(
      s3ObjectUrl({ bucket: "b", region: "auto", endpoint: "https://acc.r2.cloudflarestorage.com" }, "k").href,
    ).toBe("https://b.acc.r2.cloudflarestorage.com/k");
    expect(
      s3ObjectUrl({ bucket: "b", region: "us-east-1", endpoint: "http://minio:9000/", forcePathStyle: true }, "x/y.pdf")
        .href,
    ).toBe("http://minio:9000/b/x/y.pdf");
  });
});
