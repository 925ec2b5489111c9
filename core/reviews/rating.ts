// Review ratings (spec §3 Review, §9): 10 recommended, 5 neutral, 0 not recommended; a review an admin made
// from a comment may carry 1 for negative, which reads as not recommended too. Pure.
export const REVIEW_RATINGS = [10, 5, 0] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

export type RatingKind = "recommended" | "neutral" | "not_recommended";

export function ratingKind(rating: number): RatingKind {
  if (rating >= 10) return "recommended";
  if (rating >= 5) return "neutral";
  return "not_recommended";
}
