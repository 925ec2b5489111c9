// Signed upload URLs for storage that the server itself receives (the disk storage): the URL names the
// key, the content type and an expiry, and carries HMAC-SHA256(secret, all three). Changing any of them,
// or using the URL after its expiry, makes it worthless.
import { createHmac, timingSafeEqual } from "node:crypto";
import { assertValidContentType, assertValidKey, isValidKey, type SignedPut } from "#core/ports/storage.ts";

/** The path the upload route will serve: PUT /uploads/<key>?content_type=...&expires=...&signature=... */
export const SIGNED_PUT_PATH = "/uploads/";

const MAX_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

function sign(secret: Buffer, key: string, contentType: string, expires: number): string {
  return createHmac("sha256", secret).update(`storage-put\n${key}\n${contentType}\n${expires}`).digest("base64url");
}

export function createSignedPutUrl(
  secret: Buffer,
  key: string,
  options: { contentType: string; expiresInSeconds: number; baseUrl?: string; now?: Date },
): string {
  assertValidKey(key);
  assertValidContentType(options.contentType);
  const seconds = options.expiresInSeconds;
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds > MAX_EXPIRY_SECONDS) {
    throw new Error(`expiresInSeconds must be a whole number of seconds from 1 to ${MAX_EXPIRY_SECONDS}`);
  }
  const expires = Math.floor((options.now ?? new Date()).getTime() / 1000) + seconds;
  const query = new URLSearchParams({
    content_type: options.contentType,
    expires: String(expires),
    signature: sign(secret, key, options.contentType, expires),
  });
  const path = `${SIGNED_PUT_PATH}${key}?${query}`;
  return options.baseUrl ? new URL(path, options.baseUrl).toString() : path;
}

export function verifySignedPut(secret: Buffer, url: string | URL, now: Date = new Date()): SignedPut | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://localhost");
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(SIGNED_PUT_PATH)) return null;
  let key: string;
  try {
    key = decodeURIComponent(parsed.pathname.slice(SIGNED_PUT_PATH.length));
  } catch {
    return null;
  }
  const contentType = parsed.searchParams.get("content_type");
  const expiresText = parsed.searchParams.get("expires");
  const signature = parsed.searchParams.get("signature");
  if (!isValidKey(key) || !contentType || !expiresText || !signature || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(secret, key, contentType, expires));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (expires * 1000 <= now.getTime()) return null;
  return { key, contentType, expiresAt: new Date(expires * 1000) };
}
