// Random tokens for the per-request hot path (a page's CSP nonce, an anonymous visitor's CSRF binding). Each
// randomBytes call asks OpenSSL's CSPRNG separately (~1.5 µs, bench/); here it fills a pool of 4 KiB at a time
// and hands out slices, as Node does for randomUUID. The bytes are the same CSPRNG output, each used once.
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

function take(bytes: number): Buffer {
  if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const slice = pool.subarray(offset, offset + bytes);
  offset += bytes;
  return slice;
}

/** `bytes` random bytes as base64url text (cookie values, tokens). */
export function randomToken(bytes: number): string {
  return take(bytes).toString("base64url");
}

/** `bytes` random bytes as base64 text (CSP nonces). */
export function randomBase64(bytes: number): string {
  return take(bytes).toString("base64");
}
