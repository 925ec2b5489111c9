// The tus storage side: offsets, resuming after a broken piece, refusing a wrong offset, a piece past the
// declared length, and a second writer at the same time.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createResumableStore,
  type ResumableStore,
  UploadExceedsLengthError,
  UploadLockedError,
  UploadOffsetMismatchError,
} from "./resumable.ts";

let dir: string;
let store: ResumableStore;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-resumable-"));
  store = createResumableStore({ root: dir });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 131 + 17) & 0xff));
const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Polls until the condition holds (no fixed sleeps). */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 2000 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("resumable uploads", () => {
  it("starts at offset 0 and reports its length and metadata", async () => {
    expect(await store.create("a", { length: 10, metadata: { name: "x" } })).toEqual({
      id: "a",
      length: 10,
      offset: 0,
      metadata: { name: "x" },
    });
    expect(await store.get("a")).toEqual({ id: "a", length: 10, offset: 0, metadata: { name: "x" } });
    expect(await store.get("missing")).toBeNull();
  });

  it("appends pieces at the current offset and keeps what a broken piece delivered", async () => {
    const data = bytes(100_000);
    await store.create("b", { length: data.length });
    let state = await store.append("b", 0, Readable.from([data.subarray(0, 10_000)]));
    expect(state.offset).toBe(10_000);
    // A piece that breaks off once 40,000 more bytes reached the disk: those are kept.
    const body = new PassThrough();
    const piece = store.append("b", 10_000, body);
    body.write(data.subarray(10_000, 50_000));
    await until(async () => (await store.get("b"))!.offset === 50_000);
    body.destroy(new Error("connection reset"));
    await expect(piece).rejects.toThrow("connection reset");
    state = (await store.get("b"))!;
    expect(state.offset).toBe(50_000);
    state = await store.append("b", state.offset, Readable.from([data.subarray(state.offset)]));
    expect(state.offset).toBe(data.length);
    expect(sha(await buffer(store.read("b")))).toBe(sha(data));
  });

  it("refuses a piece at any other offset, and says where the upload is", async () => {
    await store.create("c", { length: 10 });
    await store.append("c", 0, Readable.from([Buffer.from("abc")]));
    for (const offset of [0, 2, 4, 10]) {
      const error = await store.append("c", offset, Readable.from([Buffer.from("d")])).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadOffsetMismatchError);
      expect((error as UploadOffsetMismatchError).expected).toBe(3);
    }
    expect((await store.get("c"))!.offset).toBe(3);
  });

  it("refuses bytes past the declared length and keeps no more than the length", async () => {
    await store.create("d", { length: 5 });
    await expect(store.append("d", 0, Readable.from([Buffer.from("0123456789")]))).rejects.toBeInstanceOf(
      UploadExceedsLengthError,
    );
    expect((await store.get("d"))!.offset).toBeLessThanOrEqual(5);
  });

  it("lets one writer at a time write a piece", async () => {
    await store.create("e", { length: 10 });
    const slow = new PassThrough();
    const first = store.append("e", 0, slow);
    slow.write(Buffer.from("01234"));
    await expect(store.append("e", 0, Readable.from([Buffer.from("x")]))).rejects.toBeInstanceOf(UploadLockedError);
    slow.end();
    expect((await first).offset).toBe(5);
  });

  it("refuses ids that are not plain names and forgets a removed upload", async () => {
    await expect(store.create("../x", { length: 1 })).rejects.toThrow("invalid upload id");
    await store.create("f", { length: 1 });
    await store.remove("f");
    expect(await store.get("f")).toBeNull();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("f."))).toEqual([]);
  });
});

describe("abandoned uploads", () => {
  it("removes uploads idle since before the given time and keeps the active ones", async () => {
    await store.create("idle-1", { length: 10 });
    await store.append("idle-1", 0, Readable.from([bytes(4)]));
    await store.create("active-1", { length: 10 });
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    for (const name of ["idle-1.part", "idle-1.json"]) fs.utimesSync(path.join(dir, name), dayAgo, dayAgo);
    fs.utimesSync(path.join(dir, "active-1.json"), dayAgo, dayAgo); // created long ago, but written to since

    const removed = await store.removeIdleSince(new Date(Date.now() - 24 * 3600 * 1000));
    expect(removed).toContain("idle-1");
    expect(removed).not.toContain("active-1");
    expect(await store.get("idle-1")).toBeNull();
    expect(fs.existsSync(path.join(dir, "idle-1.part"))).toBe(false);
    expect(await store.get("active-1")).not.toBeNull();
  });
});
