// Inputs of the reviews calls (spec §7: POST /json/reviews {course_id, length}; a student's review; the admin's
// moderation filter). Pure: shared by the pages and the server.
import { z } from "zod";
import { REVIEW_RATINGS } from "./rating.ts";
import { idSchema } from "#core/shared/ids.ts";

export const REVIEW_TITLE_MAX = 150;
export const REVIEW_BODY_MIN = 2;
export const REVIEW_BODY_MAX = 2000;

const id = idSchema;

/** `length`: how many reviews the list shows already; the answer is the page after them. */
export const reviewsPageSchema = z.object({
  course_id: id,
  length: z.number().int().min(0).max(1_000_000).default(0),
});

export const storeReviewSchema = z.object({
  course_id: id,
  rating: z.literal(REVIEW_RATINGS),
  title: z.string().trim().max(REVIEW_TITLE_MAX).default(""),
  body: z.string().trim().min(REVIEW_BODY_MIN).max(REVIEW_BODY_MAX),
});

export type StoreReviewInput = z.input<typeof storeReviewSchema>;

export const reviewStatuses = ["pending", "approved", "disapproved"] as const;
export const reviewStatusFilter = z.enum([...reviewStatuses, "all"]).catch("pending");
export type ReviewStatusFilter = z.output<typeof reviewStatusFilter>;
