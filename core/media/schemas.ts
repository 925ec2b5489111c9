// The JSON bodies of the media calls (spec §3 "Image upload", §7). Pure: the browser widgets share them.
import { z } from "zod";
import { isImageExtension, isPlainFilename, isUploadContext } from "./image-rules.ts";
import { formIdSchema } from "#core/shared/ids.ts";

const filename = z.string().min(1).max(200).refine(isPlainFilename, { message: "media:bad_filename" });

/** POST /home/images/create {extension, filename, context} -> {upload, download} */
export const createImageSchema = z.object({
  extension: z.string().refine(isImageExtension, { message: "media:bad_extension" }),
  filename,
  context: z.string().max(40).refine(isUploadContext, { message: "validation:invalid" }).default("image"),
});

/** POST /home/images/delete {path, context} -> true */
export const deleteImageSchema = z.object({
  path: z.string().min(1).max(600),
  context: z.string().max(40).refine(isUploadContext, { message: "validation:invalid" }),
});

/** POST /home/images/confirm {path, context} -> {download} (after a PUT straight to the bucket) */
export const confirmImageSchema = deleteImageSchema;

const contentType = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$/, { message: "validation:invalid" });

/** POST .../lectures/{lectureId}/create-pdf and /create-file {filename, content_type?} -> {upload, download} */
export const createLectureFileSchema = z.object({
  filename,
  content_type: z.union([contentType, z.literal("")]).optional(),
});

/** POST .../lectures/{lectureId}/confirm-file {path, filename} -> {component} */
export const confirmLectureFileSchema = z.object({
  path: z.string().min(1).max(600),
  filename,
});

/** The longest video length taken from the browser: a day. */
export const VIDEO_DURATION_MAX_SECONDS = 86_400;

/** POST .../lectures/{lectureId}/create-video {title?, duration_seconds?} -> {video_id, videoUpload, confirm?} */
export const createVideoSchema = z.object({
  title: z.string().trim().max(200).default(""),
  /** what the browser read from the file's metadata (it may not know: 0) */
  duration_seconds: z.number().min(0).max(VIDEO_DURATION_MAX_SECONDS).default(0),
});

/** POST .../lectures/{lectureId}/confirm-video {video_id} -> {component, status} (after a hosted upload) */
export const confirmVideoSchema = z.object({
  video_id: formIdSchema,
});
