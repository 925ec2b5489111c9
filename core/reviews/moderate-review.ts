// An admin approves or disapproves a review (POST /home/reviews/:id/approve | /disapprove). What anonymous
// visitors see on the sales page changes with it, so the catalog cache version moves in the same transaction.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { ReviewStatus } from "#platform/db/schema.ts";

export async function setReviewStatus(
  db: Db,
  options: { id: number; status: Exclude<ReviewStatus, "pending"> },
): Promise<{ id: number; status: ReviewStatus }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("reviews")
      .set({ status: options.status })
      .where("id", "=", options.id)
      .returning(["id", "status"])
      .executeTakeFirst();
    if (!row) throw new AppError("not_found");
    return row;
  });
}
