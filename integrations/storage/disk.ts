// Files on the local disk, under DATA_DIR/files: the default for one machine. The object's bytes are at
// <root>/<key>; its content type is kept beside it in <root>/.meta/<key>.json (keys cannot start a
// segment with '.', so no key can reach .meta or a temporary file). Writes go to a temporary file that is
// flushed and then renamed over the old one, so a reader sees the old file or the new one, never half.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createSignedPutUrl, verifySignedPut } from "./signed-url.ts";
import {
  assertValidContentType,
  assertValidKey,
  InvalidStorageKeyError,
  type Storage,
  type StoredObject,
} from "#core/ports/storage.ts";

const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export function createDiskStorage(options: { root: string; secret: Buffer }): Storage {
  const root = path.resolve(options.root);
  const metaRoot = path.join(root, ".meta");

  /** The key's file, after checking the key and that the result stays inside the root. */
  function locate(key: string): { file: string; meta: string } {
    assertValidKey(key);
    const file = path.resolve(root, ...key.split("/"));
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return { file, meta: path.join(metaRoot, ...key.split("/")) + ".json" };
  }

  function temporaryBeside(file: string): string {
    return path.join(path.dirname(file), `.tmp-${path.basename(file)}-${randomBytes(6).toString("hex")}`);
  }

  async function writeAtomically(file: string, body: Readable | Buffer | Uint8Array): Promise<number> {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temporary = temporaryBeside(file);
    try {
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      await pipeline(source, fs.createWriteStream(temporary, { flags: "wx", mode: 0o640, flush: true }));
      const { size } = await fsp.stat(temporary);
      await fsp.rename(temporary, file);
      return size;
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async function readMeta(meta: string): Promise<{ contentType?: string }> {
    try {
      return JSON.parse(await fsp.readFile(meta, "utf8")) as { contentType?: string };
    } catch {
      return {};
    }
  }

  return {
    uploadsArriveHere: true,

    async put(key, body, { contentType }) {
      const { file, meta } = locate(key);
      assertValidContentType(contentType);
      // The content type first: once the bytes are in place, head() describes them correctly.
      await writeAtomically(meta, Buffer.from(JSON.stringify({ contentType })));
      const size = await writeAtomically(file, body);
      return { size, contentType };
    },

    async get(key, range) {
      const { file } = locate(key);
      let handle: FileHandle;
      try {
        handle = await fsp.open(file, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async head(key): Promise<StoredObject | null> {
      const { file, meta } = locate(key);
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      if (!stat.isFile()) return null;
      return { size: stat.size, contentType: (await readMeta(meta)).contentType ?? DEFAULT_CONTENT_TYPE };
    },

    async delete(key) {
      const { file, meta } = locate(key);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && !stat.isFile()) return;
      await fsp.rm(file, { force: true });
      await fsp.rm(meta, { force: true });
    },

    async move(fromKey, toKey) {
      const from = locate(fromKey);
      const to = locate(toKey);
      await fsp.mkdir(path.dirname(to.file), { recursive: true });
      await fsp.mkdir(path.dirname(to.meta), { recursive: true });
      // The content type first, as in put(): once the bytes are there, head() describes them.
      const meta = await fsp.readFile(from.meta).catch(() => null);
      if (meta) await writeAtomically(to.meta, meta);
      await fsp.rename(from.file, to.file);
      await fsp.rm(from.meta, { force: true });
    },

    createSignedPutUrl: (key, signOptions) => createSignedPutUrl(options.secret, key, signOptions),
    verifySignedPut: (url, now) => verifySignedPut(options.secret, url, now),
  };
}
