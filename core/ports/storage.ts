// Where uploaded files live (course images, downloads, attachments). One interface, two implementations:
// files on disk under DATA_DIR/files (disk.ts, the default for one machine) and an S3-compatible bucket
// (s3.ts, for several machines). Browsers upload straight to a signed URL that allows "this key, this
// content type, until then": on disk the server signs it with its secret (HMAC-SHA256) and receives the PUT
// itself (checked while it streams); with S3 it is a SigV4 presigned URL of the bucket, and the server
// checks the object after the browser says it is done (core/media/complete-direct-upload.ts).
import type { Readable } from "node:stream";

export type StoredObject = { size: number; contentType: string };

export type SignedPut = { key: string; contentType: string; expiresAt: Date };

/** Bytes start..end, both included (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

export interface Storage {
  /**
   * true: the browser's signed PUT comes to this server (PUT /uploads/<key>, verifySignedPut) and is checked
   * while it streams; false: it goes straight to the object store, and the server checks the object after.
   */
  readonly uploadsArriveHere: boolean;
  /**
   * Stores the whole body under the key, replacing what was there; readers never see a partial file.
   * `contentLength` (when known) lets a stream go out without being counted first.
   */
  put(
    key: string,
    body: Readable | Buffer | Uint8Array,
    options: { contentType: string; contentLength?: number },
  ): Promise<StoredObject>;
  /** The stored bytes (or the inclusive byte range of them), or null when there is nothing under the key. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Moves an object to another key (replacing what was there), inside the storage. */
  move(fromKey: string, toKey: string): Promise<void>;
  /** A URL a browser may PUT this key's bytes to, with this content type, until it expires. */
  createSignedPutUrl(
    key: string,
    options: { contentType: string; expiresInSeconds: number; baseUrl?: string; now?: Date },
  ): string;
  /** What a signed URL allows, or null when it was tampered with, has expired or is not one of ours. */
  verifySignedPut(url: string | URL, now?: Date): SignedPut | null;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: unknown) {
    super(`invalid storage key: ${JSON.stringify(String(key)).slice(0, 200)}`);
    this.name = "InvalidStorageKeyError";
  }
}

const MAX_KEY_LENGTH = 512;
// Segments of letters, digits, '.', '_' and '-', starting with a letter or digit: no '.', '..', hidden or
// empty segments, no leading '/', no backslashes, no drive letters, nothing that needs escaping.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isValidKey(key: unknown): key is string {
  return typeof key === "string" && key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key) && !key.includes("..");
}

export function assertValidKey(key: unknown): asserts key is string {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
}

// type/subtype with optional parameters, no control characters.
const CONTENT_TYPE_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:\s*;[\x20-\x7e]*)?$/;

export function assertValidContentType(contentType: unknown): asserts contentType is string {
  if (typeof contentType !== "string" || contentType.length > 200 || !CONTENT_TYPE_PATTERN.test(contentType)) {
    throw new Error(`invalid content type: ${JSON.stringify(String(contentType)).slice(0, 100)}`);
  }
}
