// The owner sends a delivery again (POST /home/webhooks/:id/deliveries/:deliveryId/redeliver), or every failed one
// of an endpoint (POST /home/webhooks/:id/redeliver-failed). Each is one more attempt with the same message id (a
// receiver that already has it drops it), queued now; it is marked pending until that attempt is recorded.
import { AppError } from "#core/errors.ts";
import { nowIso, type Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { findEndpoint } from "./endpoint-records.ts";
import { deliverWebhookJob } from "./jobs.ts";
import { canManageWebhooks } from "./policies.ts";

async function queueAgain(db: Db, delivery: { id: number; attempts: number }): Promise<void> {
  const now = nowIso();
  // Guarded by the attempt count: two clicks at once queue one attempt.
  const moved = await db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", next_attempt_at: now, updated_at: now })
    .where("id", "=", delivery.id)
    .where("status", "!=", "pending")
    .where("attempts", "=", delivery.attempts)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return;
  await enqueue(db, deliverWebhookJob, { deliveryId: delivery.id, attempt: delivery.attempts + 1, manual: true });
}

export async function redeliver(
  db: Db,
  actor: Actor,
  options: { endpointId: number; deliveryId: number },
): Promise<void> {
  authorize(actor, canManageWebhooks(actor));
  await findEndpoint(db, options.endpointId);
  const delivery = await db
    .selectFrom("webhook_deliveries")
    .select(["id", "attempts", "status"])
    .where("id", "=", options.deliveryId)
    .where("endpoint_id", "=", options.endpointId)
    .executeTakeFirst();
  if (!delivery) throw new AppError("not_found");
  if (delivery.status === "pending") throw new AppError("conflict", { messageKey: "webhooks:already_pending" });
  await db.transaction().execute((trx) => queueAgain(trx, delivery));
}

/** Answers how many deliveries were queued again. */
export async function redeliverFailed(db: Db, actor: Actor, options: { endpointId: number }): Promise<number> {
  authorize(actor, canManageWebhooks(actor));
  await findEndpoint(db, options.endpointId);
  return db.transaction().execute(async (trx) => {
    const failed = await trx
      .selectFrom("webhook_deliveries")
      .select(["id", "attempts"])
      .where("endpoint_id", "=", options.endpointId)
      .where("status", "=", "failed")
      .execute();
    for (const delivery of failed) await queueAgain(trx, delivery);
    return failed.length;
  });
}
