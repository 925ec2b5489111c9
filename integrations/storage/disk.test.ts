// The disk storage and its signed upload URLs: round trips, key checks (nothing outside the root),
// atomic replacement, and signatures that break when anything in the URL changes or time runs out.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "./disk.ts";
import { InvalidStorageKeyError, isValidKey, type Storage } from "#core/ports/storage.ts";

let dir: string;
let root: string;
let storage: Storage;
const secret = Buffer.from("storage-test-secret-storage-test-secret!!");

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-storage-"));
  root = path.join(dir, "files");
  storage = createDiskStorage({ root, secret });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function read(key: string): Promise<string | null> {
  const stream = await storage.get(key);
  return stream ? text(stream) : null;
}

/** Every file under a folder, relative, sorted (what the storage left on disk). */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("round trip", () => {
  it("stores a buffer and gives back the same bytes, size and content type", async () => {
    const body = Buffer.from("hello, disk");
    expect(await storage.put("courses/1/cover.jpg", body, { contentType: "image/jpeg" })).toEqual({
      size: body.length,
      contentType: "image/jpeg",
    });
    expect(await read("courses/1/cover.jpg")).toBe("hello, disk");
    expect(await storage.head("courses/1/cover.jpg")).toEqual({ size: body.length, contentType: "image/jpeg" });
    expect(fs.readFileSync(path.join(root, "courses", "1", "cover.jpg"), "utf8")).toBe("hello, disk");
  });

  it("stores a stream of many chunks", async () => {
    const chunks = Array.from({ length: 200 }, (_, i) => Buffer.alloc(1024, i % 256));
    const size = await storage.put("downloads/big.bin", Readable.from(chunks), {
      contentType: "application/octet-stream",
    });
    expect(size.size).toBe(200 * 1024);
    const stream = await storage.get("downloads/big.bin");
    const back: Buffer[] = [];
    for await (const chunk of stream!) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(Buffer.concat(chunks))).toBe(true);
  });

  it("replaces an object whole, with its new content type", async () => {
    await storage.put("docs/a.txt", Buffer.from("first version, longer"), { contentType: "text/plain" });
    await storage.put("docs/a.txt", Buffer.from("second"), { contentType: "text/markdown; charset=utf-8" });
    expect(await read("docs/a.txt")).toBe("second");
    expect(await storage.head("docs/a.txt")).toEqual({ size: 6, contentType: "text/markdown; charset=utf-8" });
  });

  it("answers null for a missing key and deletes quietly", async () => {
    expect(await storage.get("nothing/here.txt")).toBeNull();
    expect(await storage.head("nothing/here.txt")).toBeNull();
    await storage.put("tmp/x.txt", Buffer.from("x"), { contentType: "text/plain" });
    await storage.delete("tmp/x.txt");
    expect(await storage.head("tmp/x.txt")).toBeNull();
    expect(await storage.get("tmp/x.txt")).toBeNull();
    await expect(storage.delete("tmp/x.txt")).resolves.toBeUndefined();
  });

  it("treats a folder as nothing, not as an object", async () => {
    await storage.put("folder/inside.txt", Buffer.from("x"), { contentType: "text/plain" });
    expect(await storage.head("folder")).toBeNull();
    expect(await storage.get("folder")).toBeNull();
  });
});

describe("atomic writes", () => {
  it("keeps the old file when a write fails half-way, and leaves no temporary file", async () => {
    await storage.put("atomic/file.txt", Buffer.from("old content"), { contentType: "text/plain" });
    const failing = new Readable({
      read() {
        this.push(Buffer.from("partial new content"));
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(storage.put("atomic/file.txt", failing, { contentType: "text/html" })).rejects.toThrow(
      "connection reset",
    );
    expect(await read("atomic/file.txt")).toBe("old content");
    expect(filesUnder(path.join(root, "atomic"))).toEqual(["file.txt"]);
  });

  it("never shows a reader a partly written file", async () => {
    const before = Buffer.alloc(64 * 1024, "a");
    await storage.put("atomic/swap.bin", before, { contentType: "application/octet-stream" });
    // A slow writer: while it writes, the object is still the old one.
    const slow = new Readable({ read() {} });
    const push = (chunk: Buffer | null) => slow.push(chunk);
    const writing = storage.put("atomic/swap.bin", slow, { contentType: "application/octet-stream" });
    push(Buffer.alloc(32 * 1024, "b"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await storage.head("atomic/swap.bin")).toMatchObject({ size: before.length });
    expect((await read("atomic/swap.bin"))!.startsWith("a")).toBe(true);
    push(Buffer.alloc(32 * 1024, "b"));
    push(null);
    await writing;
    expect(await read("atomic/swap.bin")).toBe("b".repeat(64 * 1024));
  });
});

describe("keys", () => {
  const bad = [
    "",
    "../secret.key",
    "a/../../etc/passwd",
    "courses/..",
    "..",
    ".",
    "./a",
    "a/./b",
    "/etc/passwd",
    "\\windows\\system32",
    "a\\..\\b",
    "C:/x",
    "a//b",
    "a/",
    ".meta/a.json",
    ".hidden",
    "a/.tmp-x",
    "a\0b",
    "a b",
    "a/%2e%2e/b",
    "x".repeat(600),
  ];

  it.each(bad)("refuses %j for every operation", async (key) => {
    expect(isValidKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.createSignedPutUrl(key, { contentType: "text/plain", expiresInSeconds: 60 })).toThrow(
      InvalidStorageKeyError,
    );
  });

  it("wrote nothing outside its root", () => {
    expect(fs.readdirSync(dir)).toEqual(["files"]);
  });

  it("accepts ordinary keys", () => {
    for (const key of [
      "a",
      "courses/12/lectures/3/video.mp4",
      "users/7/avatar-2.webp",
      "x_y.z",
      "2026/11/report.v2.pdf",
    ]) {
      expect(isValidKey(key)).toBe(true);
    }
  });

  it("refuses a bad content type", async () => {
    await expect(storage.put("ok.txt", Buffer.from("x"), { contentType: "text/plain\r\nX-Evil: 1" })).rejects.toThrow(
      /content type/,
    );
    expect(() => storage.createSignedPutUrl("ok.txt", { contentType: "nonsense", expiresInSeconds: 60 })).toThrow(
      /content type/,
    );
  });
});

describe("signed upload URLs", () => {
  const now = new Date("2026-11-21T10:00:00.000Z");
  const sign = (key = "courses/1/cover.jpg", contentType = "image/jpeg", expiresInSeconds = 600) =>
    storage.createSignedPutUrl(key, { contentType, expiresInSeconds, now });

  it("round trip: the URL says which key and content type it allows, until when", () => {
    const url = storage.createSignedPutUrl("courses/1/cover.jpg", { contentType: "image/jpeg", expiresInSeconds: 600 });
    expect(url).toMatch(/^\/uploads\/courses\/1\/cover\.jpg\?content_type=image%2Fjpeg&expires=\d+&signature=[\w-]+$/);
    const allowed = storage.verifySignedPut(url);
    expect(allowed).toMatchObject({ key: "courses/1/cover.jpg", contentType: "image/jpeg" });
    expect(allowed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 590_000);
    // Absolute URLs (with the site's address) verify the same way.
    const absolute = storage.createSignedPutUrl("a.png", {
      contentType: "image/png",
      expiresInSeconds: 60,
      baseUrl: "https://school.example",
    });
    expect(absolute.startsWith("https://school.example/uploads/a.png?")).toBe(true);
    expect(storage.verifySignedPut(new URL(absolute))).toMatchObject({ key: "a.png", contentType: "image/png" });
  });

  it("expires", () => {
    const url = sign();
    expect(storage.verifySignedPut(url, new Date(now.getTime() + 599_000))).not.toBeNull();
    expect(storage.verifySignedPut(url, new Date(now.getTime() + 600_000))).toBeNull();
    expect(storage.verifySignedPut(url, new Date(now.getTime() + 86_400_000))).toBeNull();
  });

  it("rejects every tampered part", () => {
    const url = sign();
    const at = new Date(now.getTime() + 1000);
    const parsed = new URL(url, "http://x");
    const variant = (change: (u: URL) => void) => {
      const copy = new URL(parsed);
      change(copy);
      return copy.pathname + copy.search;
    };
    expect(
      storage.verifySignedPut(
        variant(() => {}),
        at,
      ),
    ).not.toBeNull();
    expect(
      storage.verifySignedPut(
        variant((u) => (u.pathname = "/uploads/courses/2/cover.jpg")),
        at,
      ),
    ).toBeNull();
    expect(
      storage.verifySignedPut(
        variant((u) => u.searchParams.set("content_type", "text/html")),
        at,
      ),
    ).toBeNull();
    expect(
      storage.verifySignedPut(
        variant((u) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600))),
        at,
      ),
    ).toBeNull();
    const signature = parsed.searchParams.get("signature")!;
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    expect(
      storage.verifySignedPut(
        variant((u) => u.searchParams.set("signature", flipped)),
        at,
      ),
    ).toBeNull();
    expect(
      storage.verifySignedPut(
        variant((u) => u.searchParams.set("signature", signature.slice(0, -2))),
        at,
      ),
    ).toBeNull();
    expect(
      storage.verifySignedPut(
        variant((u) => u.searchParams.delete("signature")),
        at,
      ),
    ).toBeNull();
    expect(
      storage.verifySignedPut(
        variant((u) => u.searchParams.delete("expires")),
        at,
      ),
    ).toBeNull();
    expect(
      storage.verifySignedPut(
        variant((u) => (u.pathname = "/other/courses/1/cover.jpg")),
        at,
      ),
    ).toBeNull();
    // An encoded traversal decodes to a key the storage refuses, signed or not.
    expect(
      storage.verifySignedPut(url.replace("/uploads/courses/1/cover.jpg", "/uploads/..%2Fsecret.key"), at),
    ).toBeNull();
    expect(
      storage.verifySignedPut(url.replace("/uploads/courses/1/cover.jpg", "/uploads/courses%5C1%5Ccover.jpg"), at),
    ).toBeNull();
    expect(storage.verifySignedPut("not a url at all \u0000", at)).toBeNull();
  });

  it("is worthless under another server's secret", () => {
    const url = sign();
    const other = createDiskStorage({ root, secret: Buffer.from("another-secret-another-secret-another!!") });
    expect(other.verifySignedPut(url, new Date(now.getTime() + 1000))).toBeNull();
  });

  it("refuses a silly expiry", () => {
    for (const expiresInSeconds of [0, -5, 1.5, 8 * 24 * 3600]) {
      expect(() => storage.createSignedPutUrl("a.png", { contentType: "image/png", expiresInSeconds })).toThrow(
        /expiresInSeconds/,
      );
    }
  });
});

describe("byte ranges", () => {
  it("reads the inclusive range asked for (video playback and PDF viewers ask for pieces)", async () => {
    await storage.put("ranges/abc.txt", Buffer.from("0123456789"), { contentType: "text/plain" });
    const piece = async (start: number, end: number) => text((await storage.get("ranges/abc.txt", { start, end }))!);
    expect(await piece(0, 0)).toBe("0");
    expect(await piece(2, 5)).toBe("2345");
    expect(await piece(7, 9)).toBe("789");
    expect(await read("ranges/abc.txt")).toBe("0123456789");
  });
});

describe("move", () => {
  it("moves the bytes and the content type to the new key, replacing what was there", async () => {
    await storage.put("incoming/images/m.png", Buffer.from("new"), { contentType: "image/png" });
    await storage.put("images/m.png", Buffer.from("old"), { contentType: "image/gif" });
    await storage.move("incoming/images/m.png", "images/m.png");
    expect(await read("images/m.png")).toBe("new");
    expect(await storage.head("images/m.png")).toEqual({ size: 3, contentType: "image/png" });
    expect(await storage.head("incoming/images/m.png")).toBeNull();
    expect(filesUnder(path.join(root, ".meta", "incoming"))).toEqual([]);
  });

  it("refuses keys outside the rules on either side", async () => {
    await expect(storage.move("../x", "images/y.png")).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.move("images/m.png", "images/../../x")).rejects.toThrow(InvalidStorageKeyError);
  });
});
