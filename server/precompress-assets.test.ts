import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeEach, expect, it } from "vitest";
import { precompressFile } from "./precompress-assets.ts";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompress-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it("writes .br and .gz copies that decode to the file", async () => {
  const file = path.join(dir, "app.js");
  const content = Buffer.from("export const greeting = 'hello';\n".repeat(200));
  fs.writeFileSync(file, content);
  await precompressFile(file);
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(content)).toBe(true);
  expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(content)).toBe(true);
});

it("leaves files under 1 KB alone", async () => {
  const file = path.join(dir, "tiny.js");
  fs.writeFileSync(file, "export const a = 1;\n".repeat(40));
  await precompressFile(file);
  expect(fs.readdirSync(dir)).toEqual(["tiny.js"]);
});

it("writes no copy that is not smaller than the file", async () => {
  const file = path.join(dir, "random.js");
  // Random bytes do not compress: a copy would be larger.
  fs.writeFileSync(file, (await import("node:crypto")).randomBytes(4096));
  await precompressFile(file);
  expect(fs.readdirSync(dir)).toEqual(["random.js"]);
});
