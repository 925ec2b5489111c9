// A membership's failed renewal waiting for its retry is given up (a cancellation, a withdrawal, the admin's end):
// nobody is charged after it. The failed row stays as the record of the attempt.
import type { Db } from "#platform/db/connection.ts";

export async function dropPendingRetries(db: Db, membershipId: number, now: string): Promise<void> {
  await db
    .updateTable("membership_charges")
    .set({ next_retry_at: null, updated_at: now })
    .where("membership_id", "=", membershipId)
    .where("status", "=", "failed")
    .execute();
}
