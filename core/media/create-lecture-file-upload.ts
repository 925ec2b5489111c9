// POST .../lectures/{lectureId}/create-pdf and /create-file: like an image upload (a signed, expiring PUT
// address and the key), for a PDF shown in the lecture's viewer or any file offered as a download, stored
// under lectures/<lectureId>/ so that reading it follows the lecture's access. After the PUT, confirm-file
// (confirm-lecture-file.ts) creates the lecture component (and, after a PUT straight to a bucket, first checks
// and stores the object).
import { nowIso } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import type { Actor } from "../shared/actor.ts";
import { authorizeLectureMedia, findCourseLecture, type RawLecturePath } from "./find-course-lecture.ts";
import { extensionOf } from "./image-rules.ts";
import { type MediaDeps, UPLOAD_URL_SECONDS } from "./media-deps.ts";
import { createLectureFileSchema } from "./schemas.ts";
import { newLectureFileKey } from "./storage-keys.ts";
import { signedUploadKey, type UploadTicket } from "./create-image-upload.ts";

export type LectureFileKind = "pdf" | "file";

export async function createLectureFileUpload(
  { db, storage }: MediaDeps,
  actor: Actor,
  options: { path: RawLecturePath; kind: LectureFileKind; input: unknown },
): Promise<UploadTicket> {
  const { userId, path } = authorizeLectureMedia(actor, options.path);
  const input = parseInput(createLectureFileSchema, options.input);
  await findCourseLecture(db, path);
  if (options.kind === "pdf" && extensionOf(input.filename) !== "pdf") {
    throw fieldError("filename", "media:bad_extension");
  }
  const contentType = options.kind === "pdf" ? "application/pdf" : input.content_type || "application/octet-stream";
  const key = newLectureFileKey(path.lectureId, input.filename);
  await db
    .insertInto("uploads")
    .values({
      storage_key: key,
      context: options.kind === "pdf" ? "lecture-pdf" : "lecture-file",
      user_id: userId,
      content_type: contentType,
      size: null,
      status: "pending",
      created_at: nowIso(),
    })
    .execute();
  const upload = storage.createSignedPutUrl(signedUploadKey(storage, key), {
    contentType,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  });
  return { upload, download: key };
}
