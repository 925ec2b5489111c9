// The names files get in storage. The server makes them up (random, unguessable); the prefix says who may
// read them (GET /files/<key>): images/... are public, lectures/<lectureId>/... follow the lecture's access,
// videos/<videoId>/... are played only through /videos/<id>/stream, incoming/... and checking/... are never
// served.
import { randomBytes } from "node:crypto";
import { normaliseExtension, storageSafeName } from "./image-rules.ts";
import { idFromText } from "#core/shared/ids.ts";

export function newImageKey(extension: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `images/${now.getUTCFullYear()}/${month}/${randomBytes(12).toString("hex")}.${normaliseExtension(extension)}`;
}

/** lectures/<lectureId>/<random>/<the file's own name, made storage-safe> (the name is what a download shows). */
export function newLectureFileKey(lectureId: number, filename: string): string {
  return `lectures/${lectureId}/${randomBytes(12).toString("hex")}/${storageSafeName(filename)}`;
}

/**
 * Where the browser's direct upload to a bucket lands (storage that does not receive uploads itself, S3):
 * never served, moved to the key only after the server checked it, so no presigned URL ever points at a key
 * that is served.
 */
export function incomingKey(key: string): string {
  return `incoming/${key}`;
}

/** Where a direct upload is checked: moved out of incoming/ first, so the browser cannot change it meanwhile. */
export function checkingKey(key: string): string {
  return `checking/${key}`;
}

export function videoKey(videoId: number, extension: string): string {
  return `videos/${videoId}/video.${extension}`;
}

export type KeyOwner = { kind: "image" } | { kind: "lecture"; lectureId: number } | { kind: "other" };

/** Who a stored key belongs to, by its prefix. */
export function keyOwner(key: string): KeyOwner {
  if (key.startsWith("images/")) return { kind: "image" };
  const lectureId = idFromText(/^lectures\/(\d+)\//.exec(key)?.[1]);
  if (lectureId) return { kind: "lecture", lectureId };
  return { kind: "other" };
}

/** A path as the client may send it back: the key itself or its /files/ address. */
export function keyFromPath(path: string): string {
  return path.startsWith("/files/") ? path.slice("/files/".length) : path;
}
