// An admin approves or disapproves a review (POST /home/reviews/:id/approve | /disapprove). What anonymous
// visitors see on the sales page changes with it, so the catalog cache version moves in the same transaction.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { ReviewStatus } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canModerateReviews } from "./policies.ts";

export async function setReviewStatus(
  db: Db,
  actor: Actor,
  options: { id: unknown; status: Exclude<ReviewStatus, "pending"> },
): Promise<{ id: number; status: ReviewStatus }> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canModerateReviews(actor));
  const id = pathId(options.id);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("reviews")
      .set({ status: options.status })
      .where("id", "=", id)
      .returning(["id", "status"])
      .executeTakeFirst();
    if (!row) throw new AppError("not_found");
    return row;
  });
}
