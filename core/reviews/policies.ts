// Who may write and moderate course reviews. Pure; the review use-cases ask it. (Which course a signed-in student
// may review is a course access rule, data: core/reviews/store-review.ts.)
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** Writing a review: anyone signed in (a visitor logs in); the course must be one they have access to. */
export function canWriteReviews(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** The moderation list and approving or disapproving a review: admins. */
export function canModerateReviews(actor: Actor): boolean {
  return isAdmin(actor);
}
