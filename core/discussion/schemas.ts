// The discussion's input rules (spec §5, §9), shared by the server and the comment forms. Pure.
// Lengths count characters as a reader sees them (code points), after trimming: an emoji is one character.
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";

export const COMMENT_MIN = 2;
export const COMMENT_MAX = 1200;
export const REPLY_MIN = 2;
/** The spec gives replies only a minimum; the comment's maximum keeps them bounded too. */
export const REPLY_MAX = 1200;
export const COMMENTS_PAGE = 20;
export const COMMENTS_PAGE_MAX = 50;
/** Admins may attach one image to a reply (§6): at most 5 MB, and at most this many pixels. */
export const REPLY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const REPLY_IMAGE_MAX_PIXELS = 40_000_000;
export const REPLY_IMAGE_MAX_SIDE = 10_000;

export const commentableTypes = ["lecture", "post"] as const;
export type CommentableKind = (typeof commentableTypes)[number];
export const votableTypes = ["comment", "reply", "post"] as const;
export type VotableKind = (typeof votableTypes)[number];
export type VoteValue = 1 | -1 | 0;
/** §3: a comment becomes a review with 10 (positive), 5 (neutral) or 1 (negative). */
export const reviewRatings = [10, 5, 1] as const;

/** Characters as a reader counts them: code points of the trimmed text. */
export function textLength(text: string): number {
  return [...text.trim()].length;
}

/** The send button (§5): shown when there is any text, enabled from the minimum length on. */
export function sendButtonState(text: string, min = COMMENT_MIN): "hidden" | "disabled" | "enabled" {
  if (text.length === 0) return "hidden";
  return textLength(text) >= min ? "enabled" : "disabled";
}

/** A trimmed text of min..max characters; too long names the limit and the current length (§5). */
function textSchema(min: number, max: number) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const length = textLength(value);
      if (length === 0) ctx.addIssue({ code: "custom", message: "validation:required" });
      else if (length < min) ctx.addIssue({ code: "custom", message: "validation:string_min", params: { min } });
      else if (length > max) ctx.addIssue({ code: "custom", message: "discussion:too_long", params: { max, length } });
    });
}

export const commentBodySchema = textSchema(COMMENT_MIN, COMMENT_MAX);
export const replyBodySchema = textSchema(REPLY_MIN, REPLY_MAX);

const id = formIdSchema;

/** 1 when a video is attached, else 0; forms send "1"/"0", JSON a number or a boolean. */
const fileFlag = z.preprocess(
  (value) =>
    value === true || value === "1"
      ? 1
      : value === undefined || value === null || value === false || value === "0"
        ? 0
        : value,
  z.union([z.literal(0), z.literal(1)], { error: "validation:in" }),
);

export const createCommentSchema = z.object({
  type: z.enum(commentableTypes),
  id,
  body: commentBodySchema,
  file: fileFlag,
});

export const createReplySchema = z.object({ body: replyBodySchema });

export const voteSchema = z.object({
  type: z.enum(votableTypes),
  id,
  value: z.coerce.number().refine((v) => v === 1 || v === -1 || v === 0, { message: "validation:in" }),
});

export const reviewSchema = z.object({
  rating: z.coerce
    .number()
    .refine((v) => (reviewRatings as readonly number[]).includes(v), { message: "validation:in" }),
});

export const listCommentsSchema = z.object({
  length: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).default(COMMENTS_PAGE),
  /** the id of the last comment already shown: the page continues with older ones */
  before: id.optional(),
});
