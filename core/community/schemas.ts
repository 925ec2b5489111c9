// The community's input rules (spec §5, §9), shared by the server and the post dialog. Pure.
// Lengths count characters as a reader sees them (code points), after trimming, like the discussion's.
import { z } from "zod";
import { embedUrl } from "#core/catalog/component-data.ts";
import { textLength } from "#core/discussion/schemas.ts";
import { formIdSchema } from "#core/shared/ids.ts";

export const POST_TITLE_MIN = 5;
export const POST_TITLE_MAX = 159;
export const POST_BODY_MIN = 5;
/** The spec gives the body only a minimum; this keeps a post bounded. */
export const POST_BODY_MAX = 20_000;
/** §5, §9: a post's image above 600000 bytes is refused (validation.max.file, 600 KB). */
export const POST_IMAGE_MAX_BYTES = 600_000;
export const POST_IMAGE_MAX_KB = 600;
/** §9: the browser compresses a post's image at quality 0.5 (down to 0.4) and to at most 3000 x 2000. */
export const POST_IMAGE_QUALITY = 0.5;
export const POST_IMAGE_MIN_QUALITY = 0.4;
export const POST_IMAGE_BOX = { width: 3000, height: 2000 } as const;
/** §5: png, gif and jpeg. */
export const POST_IMAGE_TYPES = ["image/png", "image/gif", "image/jpeg"] as const;
export const POST_VIDEO_URL_MAX = 500;
/** Posts on one page of a feed. */
export const FEED_PAGE = 10;

function lengthBetween(min: number, max: number) {
  return z
    .string({ error: "validation:required" })
    .trim()
    .superRefine((value, ctx) => {
      const length = textLength(value);
      if (length === 0) ctx.addIssue({ code: "custom", message: "validation:required" });
      else if (length < min) ctx.addIssue({ code: "custom", message: "validation:string_min", params: { min } });
      else if (length > max) ctx.addIssue({ code: "custom", message: "validation:string_max", params: { max } });
    });
}

export const postTitleSchema = lengthBetween(POST_TITLE_MIN, POST_TITLE_MAX);
export const postBodySchema = lengthBetween(POST_BODY_MIN, POST_BODY_MAX);

/** An embed URL of a known player (YouTube, Vimeo), as the lecture's video embed accepts; blank: none. */
export const postVideoSchema = z.preprocess(
  (value) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value,
  z
    .string()
    .trim()
    .max(POST_VIDEO_URL_MAX, { error: "validation:url" })
    .refine((value) => /^https?:\/\//i.test(value) && embedUrl(value.replace(/^http:/i, "https:")) !== null, {
      message: "community:video_url",
    })
    .nullable(),
);

/** The post dialog's fields (multipart or JSON); the image travels beside them as a file. */
export const postFieldsSchema = z.object({
  title: postTitleSchema,
  body: postBodySchema,
  video: postVideoSchema,
  /** a checked "remove the image" box when editing */
  image_delete: z.preprocess((value) => value === true || value === "1" || value === 1, z.boolean()).optional(),
  /** 1: the post carries a hosted video, uploaded after the post is created (the answer's videoUpload) */
  video_file_upload: z.preprocess((value) => value === true || value === "1" || value === 1, z.boolean()).optional(),
  /** 1 (editing): the post's hosted video is detached */
  video_file_delete: z.preprocess((value) => value === true || value === "1" || value === 1, z.boolean()).optional(),
});
export type PostFields = z.output<typeof postFieldsSchema>;

/** Whether the dialog's button may be pressed (§5: otherwise it is disabled). */
export function postFormValid(title: string, body: string): boolean {
  return postTitleSchema.safeParse(title).success && postBodySchema.safeParse(body).success;
}

/** The player URL stored for a post's video link (always https). */
export function postEmbedUrl(url: string): string | null {
  return embedUrl(url.replace(/^http:/i, "https:"));
}

/** A feed page continues below the last post shown: its id. */
export const feedCursorSchema = z.object({ before: formIdSchema.optional() });
