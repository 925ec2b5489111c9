// The local video upload behind our tus endpoint (tus 1.0 core + creation; the protocol is spoken in
// server/api/media-transfer.ts, the state lives here and in the resumable store). Only the admin who created
// a lecture's video, or the author of a comment's video (with its signed headers, comment-video.ts), may create,
// inspect or continue its upload (policies.ts canUploadVideo); anyone else is told it does not exist. When the last
// byte arrives the file is checked (a video container by its magic bytes), moved into storage under
// videos/<id>/, the video becomes ready (status 3, spec §9) and a video component is added to its lecture
// (through the authoring use-case, which checks the reference like any other component).
import type { Readable } from "node:stream";
import { nowIso } from "#platform/db/connection.ts";
import type { ResumableUpload } from "#platform/storage/resumable.ts";
import { AppError } from "../errors.ts";
import { type Actor, requireSignedIn } from "../shared/actor.ts";
import { addVideoToLecture } from "./add-video-to-lecture.ts";
import { isAttachedVideo, localUploadSignatureValid, type SignedUploadHeaders } from "./comment-video-access.ts";
import { detectVideoContentType, videoExtensions } from "./file-signature.ts";
import type { VideoUploadDeps } from "./media-deps.ts";
import { MAX_VIDEO_BYTES } from "./limits.ts";
import { canUploadVideo } from "./policies.ts";
import { videoKey } from "./storage-keys.ts";

export const VIDEO_READY = 3;
export const VIDEO_FAILED = 5;

/** Who uploads: a visitor is asked to log in (401); the edge asks this before it reads the tus headers. */
export type Uploader = Actor;

/** The resumable store's id of a local video's upload. */
export const uploadId = (videoId: number) => `video-${videoId}`;

async function findOwnPendingVideo(
  deps: VideoUploadDeps,
  actor: Uploader,
  videoId: number,
  signed?: SignedUploadHeaders,
) {
  const { db } = deps;
  requireSignedIn(actor);
  // Anyone the policy refuses is told the video does not exist, as is another user's video.
  if (!Number.isSafeInteger(videoId) || videoId <= 0) throw new AppError("not_found");
  const video = await db
    .selectFrom("videos")
    .select(["id", "lecture_id", "status", "provider", "user_id"])
    .where("id", "=", videoId)
    .executeTakeFirst();
  if (!video || video.provider !== "local" || video.status >= VIDEO_READY) throw new AppError("not_found");
  // A comment's or a community post's video: its author uploads it, with the signed headers of the answer.
  const onComment = await isAttachedVideo(db, video.id);
  if (!canUploadVideo(actor, { ownerId: video.user_id, onComment })) throw new AppError("not_found");
  // A comment's (or post's) video also carries the signed headers its answer gave (comment-video.ts).
  if (onComment && !(deps.secret && localUploadSignatureValid(deps.secret, video.id, signed))) {
    throw new AppError("not_found");
  }
  return video;
}

/** tus creation (POST): starts (or starts again) the upload of the video named in the metadata. */
export async function startVideoUpload(
  { db, resumable, ...rest }: VideoUploadDeps,
  options: { user: Uploader; videoId: number; length: number; signed?: SignedUploadHeaders },
): Promise<ResumableUpload> {
  const video = await findOwnPendingVideo({ db, resumable, ...rest }, options.user, options.videoId, options.signed);
  if (options.length > MAX_VIDEO_BYTES) {
    throw new AppError("too_large", {
      messageKey: "media:file_too_big",
      values: { mb: MAX_VIDEO_BYTES / 1024 / 1024 },
    });
  }
  if (options.length === 0) throw new AppError("validation", { messageKey: "media:empty_file" });
  return resumable.create(uploadId(video.id), { length: options.length });
}

async function pendingUpload(
  deps: VideoUploadDeps,
  options: { user: Uploader; videoId: number; signed?: SignedUploadHeaders },
) {
  const video = await findOwnPendingVideo(deps, options.user, options.videoId, options.signed);
  const upload = await deps.resumable.get(uploadId(video.id));
  if (!upload) throw new AppError("not_found");
  return upload;
}

/**
 * tus HEAD: how far the upload got. An upload whose bytes all arrived but that was not finished (the
 * server stopped in between) is finished now, since the client will not send another piece.
 */
export async function videoUploadState(
  deps: VideoUploadDeps,
  options: { user: Uploader; videoId: number; signed?: SignedUploadHeaders },
): Promise<ResumableUpload> {
  const upload = await pendingUpload(deps, options);
  if (upload.offset === upload.length) await finishVideoUpload(deps, options.videoId, upload);
  return upload;
}

/**
 * tus PATCH: appends a piece at `offset` (errors of the store pass through: offset mismatch, locked, past the
 * length). When the upload is complete the video is finished; answers the new state.
 */
export async function appendVideoUpload(
  deps: VideoUploadDeps,
  options: { user: Uploader; videoId: number; offset: number; body: Readable; signed?: SignedUploadHeaders },
): Promise<ResumableUpload> {
  const upload = await pendingUpload(deps, options);
  const after = await deps.resumable.append(upload.id, options.offset, options.body);
  if (after.offset === after.length) await finishVideoUpload(deps, options.videoId, after);
  return after;
}

async function firstBytes(stream: Readable, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= count) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, count);
}

async function finishVideoUpload(
  { db, storage, resumable }: VideoUploadDeps,
  videoId: number,
  upload: ResumableUpload,
) {
  const { id } = upload;
  const contentType = detectVideoContentType(await firstBytes(resumable.read(id), 16));
  if (!contentType) {
    await resumable.remove(id);
    await db
      .updateTable("videos")
      .set({ status: VIDEO_FAILED, updated_at: nowIso() })
      .where("id", "=", videoId)
      .execute();
    throw new AppError("validation", { messageKey: "media:not_video" });
  }
  const key = videoKey(videoId, videoExtensions[contentType]!);
  await storage.put(key, resumable.read(id), { contentType, contentLength: upload.length });
  await resumable.remove(id);
  const video = await db
    .updateTable("videos")
    .set({ status: VIDEO_READY, storage_key: key, updated_at: nowIso() })
    .where("id", "=", videoId)
    .returning(["lecture_id"])
    .executeTakeFirstOrThrow();
  if (video.lecture_id === null) return;
  const lecture = await db
    .selectFrom("lectures")
    .innerJoin("course_sections", "course_sections.id", "lectures.section_id")
    .select(["lectures.id as lectureId", "course_sections.id as sectionId", "course_sections.course_id as courseId"])
    .where("lectures.id", "=", video.lecture_id)
    .executeTakeFirst();
  if (lecture) await addVideoToLecture(db, videoId, lecture);
}

/** tus Upload-Metadata: "key base64,key2 base64" -> {key: value}. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> | null {
  const metadata: Record<string, string> = {};
  if (!header) return metadata;
  for (const pair of header.split(",")) {
    const [key, value, ...rest] = pair.trim().split(" ");
    if (!key || rest.length || !/^[\x21-\x7e]+$/.test(key) || key.includes(",")) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    metadata[key] = value === undefined ? "" : Buffer.from(value, "base64").toString("utf8");
  }
  return metadata;
}
