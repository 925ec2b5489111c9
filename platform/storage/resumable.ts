// Uploads that arrive in pieces and survive a broken connection (the tus protocol's storage side): an
// upload has a declared length and an offset (the bytes received so far, kept on disk); a piece is accepted
// only at the current offset, and what arrived before a connection broke is kept, so the client asks for the
// offset and continues. On disk under <root>: <id>.part (the bytes) and <id>.json (length and metadata).
// One piece at a time per upload (in this process): a second writer while one is running is told "locked".
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

export type ResumableUpload = { id: string; length: number; offset: number; metadata: Record<string, string> };

export class UploadOffsetMismatchError extends Error {
  readonly expected: number;
  constructor(expected: number) {
    super(`upload offset mismatch: the upload is at ${expected}`);
    this.name = "UploadOffsetMismatchError";
    this.expected = expected;
  }
}

export class UploadLockedError extends Error {
  constructor() {
    super("another piece of this upload is being written");
    this.name = "UploadLockedError";
  }
}

export class UploadExceedsLengthError extends Error {
  constructor() {
    super("the piece goes past the upload's declared length");
    this.name = "UploadExceedsLengthError";
  }
}

export type ResumableStore = {
  /** Starts an upload (replacing any upload with that id). */
  create(id: string, options: { length: number; metadata?: Record<string, string> }): Promise<ResumableUpload>;
  get(id: string): Promise<ResumableUpload | null>;
  /**
   * Writes a piece at `offset`, which must be the upload's current offset. Resolves with the new state; when
   * the body breaks off or runs past the length, the bytes already written are kept (the offset says how
   * many) and the error is thrown. The caller owns the body: on a refusal it is left unread.
   */
  append(id: string, offset: number, body: Readable): Promise<ResumableUpload>;
  /** The received bytes, for moving a finished upload into storage. */
  read(id: string): Readable;
  remove(id: string): Promise<void>;
  /** Removes the uploads that received nothing since `before` (abandoned); resolves with their ids. */
  removeIdleSince(before: Date): Promise<string[]>;
};

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function assertId(id: string) {
  if (!ID_PATTERN.test(id)) throw new Error(`invalid upload id: ${JSON.stringify(id).slice(0, 80)}`);
}

/** Passes at most `limit` bytes on, then fails (after passing what fits). */
function limitTo(limit: number): Transform {
  let left = limit;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (chunk.length <= left) {
        left -= chunk.length;
        return callback(null, chunk);
      }
      const fits = chunk.subarray(0, left);
      left = 0;
      if (fits.length) this.push(fits);
      callback(new UploadExceedsLengthError());
    },
  });
}

export function createResumableStore(options: { root: string }): ResumableStore {
  const root = path.resolve(options.root);
  const writing = new Set<string>();
  const files = (id: string) => {
    assertId(id);
    return { part: path.join(root, `${id}.part`), info: path.join(root, `${id}.json`) };
  };

  async function get(id: string): Promise<ResumableUpload | null> {
    const { part, info } = files(id);
    let saved: { length: number; metadata: Record<string, string> };
    try {
      saved = JSON.parse(await fsp.readFile(info, "utf8")) as typeof saved;
    } catch {
      return null;
    }
    const stat = await fsp.stat(part).catch(() => null);
    if (!stat) return null;
    return { id, length: saved.length, offset: stat.size, metadata: saved.metadata };
  }

  return {
    async create(id, { length, metadata = {} }) {
      if (!Number.isSafeInteger(length) || length < 0) throw new Error("invalid upload length");
      const { part, info } = files(id);
      if (writing.has(id)) throw new UploadLockedError();
      await fsp.mkdir(root, { recursive: true });
      await fsp.writeFile(part, new Uint8Array(0), { mode: 0o640 });
      await fsp.writeFile(info, JSON.stringify({ length, metadata }), { mode: 0o640 });
      return { id, length, offset: 0, metadata };
    },

    get,

    async append(id, offset, body) {
      const { part } = files(id);
      if (writing.has(id)) throw new UploadLockedError();
      writing.add(id);
      try {
        const upload = await get(id);
        if (!upload) throw new Error(`no upload ${id}`);
        if (offset !== upload.offset) throw new UploadOffsetMismatchError(upload.offset);
        let failure: unknown;
        try {
          await pipeline(
            body,
            limitTo(upload.length - upload.offset),
            fs.createWriteStream(part, { flags: "r+", start: offset, flush: true }),
          );
        } catch (error) {
          failure = error;
        }
        const after = (await get(id))!;
        if (failure) throw failure;
        return after;
      } finally {
        writing.delete(id);
      }
    },

    read(id) {
      return fs.createReadStream(files(id).part);
    },

    async remove(id) {
      const { part, info } = files(id);
      await fsp.rm(part, { force: true });
      await fsp.rm(info, { force: true });
    },

    async removeIdleSince(before) {
      const names = await fsp.readdir(root).catch(() => [] as string[]);
      const ids = [
        ...new Set(
          names
            .map((name) => /^([A-Za-z0-9_-]{1,64})\.(?:part|json)$/.exec(name)?.[1])
            .filter((id) => id !== undefined),
        ),
      ];
      const removed: string[] = [];
      for (const id of ids) {
        if (writing.has(id)) continue;
        const { part, info } = files(id);
        // The last piece written (or, before any, the upload's creation) says when it was last active.
        const stat = (await fsp.stat(part).catch(() => null)) ?? (await fsp.stat(info).catch(() => null));
        if (!stat || stat.mtimeMs >= before.getTime()) continue;
        await fsp.rm(part, { force: true });
        await fsp.rm(info, { force: true });
        removed.push(id);
      }
      return removed;
    },
  };
}
