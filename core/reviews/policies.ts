// Who may moderate course reviews. Pure; the moderation use-cases ask it. (Who may write a review is a course
// access rule: core/reviews/store-review.ts.)
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The moderation list and approving or disapproving a review: admins. */
export function canModerateReviews(actor: Actor): boolean {
  return isAdmin(actor);
}
