// One attempt of a delivery (the 'webhook.deliver' job, jobs.ts): send it, then record the outcome and, on failure,
// queue the next attempt after the schedule's wait (retry-schedule.ts), in one transaction. Delivery is at least
// once: if the process dies after sending and before recording, the job runs again (recovered as stale) and sends
// the same message id again; a receiver drops repeats by webhook-id. An attempt already recorded (the job re-run
// after its transaction committed) is not sent again.
import { crashPoint } from "#platform/crash-points.ts";
import type { Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import type { DeliverySettings } from "./delivery-settings.ts";
import { openSecret } from "./endpoint-records.ts";
import { deliverWebhookJob, type DeliverWebhookPayload } from "./jobs.ts";
import { DISABLE_AFTER_FAILING_MS, retryDelayMs } from "./retry-schedule.ts";
import { sendWebhook, type SendResult } from "./send-webhook.ts";
import { queueDisabledNotice } from "./queue-disabled-notice.ts";

export type AttemptOutcome = "sent" | "retrying" | "failed" | "skipped";

export async function deliverWebhook(
  db: Db,
  payload: DeliverWebhookPayload,
  settings: DeliverySettings,
): Promise<AttemptOutcome> {
  const now = settings.now ?? Date.now;
  const delivery = await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("id", "=", payload.deliveryId)
    .executeTakeFirst();
  // Gone with its endpoint, already delivered, or this attempt already recorded: nothing to do.
  if (!delivery || delivery.status === "succeeded" || delivery.attempts >= payload.attempt) return "skipped";
  const endpoint = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("id", "=", delivery.endpoint_id)
    .executeTakeFirst();
  if (!endpoint || (endpoint.enabled !== 1 && !payload.manual)) return "skipped";

  const at = new Date(now());
  const result = await sendWebhook({
    url: endpoint.url,
    signingSecret: openSecret(settings.serverSecret, endpoint.secret),
    messageId: delivery.message_id,
    payload: delivery.payload,
    at,
    timeoutMs: settings.timeoutMs,
    allowLoopback: settings.allowLoopback,
    lookup: settings.lookup,
  });
  crashPoint("webhook.after-send");
  return record(db, { deliveryId: delivery.id, endpointId: endpoint.id, payload, result, at: at.getTime() });
}

async function record(
  db: Db,
  options: { deliveryId: number; endpointId: number; payload: DeliverWebhookPayload; result: SendResult; at: number },
): Promise<AttemptOutcome> {
  const { payload, result, at } = options;
  const when = new Date(at).toISOString();
  const delay = payload.manual ? null : retryDelayMs(payload.attempt);
  const outcome: AttemptOutcome = result.ok ? "sent" : delay === null ? "failed" : "retrying";
  return db.transaction().execute(async (trx) => {
    // Guarded by the attempt number: of two runs of the same attempt, one records it.
    const moved = await trx
      .updateTable("webhook_deliveries")
      .set({
        status: outcome === "sent" ? "succeeded" : outcome === "failed" ? "failed" : "pending",
        attempts: payload.attempt,
        last_attempt_at: when,
        next_attempt_at: outcome === "retrying" ? new Date(at + delay!).toISOString() : null,
        request_headers: JSON.stringify(result.headers),
        response_status: result.status,
        response_body: result.body,
        error: result.error,
        updated_at: when,
      })
      .where("id", "=", options.deliveryId)
      .where("attempts", "<", payload.attempt)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return "skipped";
    if (outcome === "sent") {
      await trx
        .updateTable("webhook_endpoints")
        .set({ failing_since: null, failed_deliveries: 0 })
        .where("id", "=", options.endpointId)
        .execute();
      return outcome;
    }
    await trx
      .updateTable("webhook_endpoints")
      .set({ failing_since: when })
      .where("id", "=", options.endpointId)
      .where("failing_since", "is", null)
      .execute();
    if (outcome === "retrying") {
      await enqueue(
        trx,
        deliverWebhookJob,
        { deliveryId: options.deliveryId, attempt: payload.attempt + 1 },
        { runAt: new Date(at + delay!).toISOString(), key: `webhook:${options.deliveryId}:${payload.attempt + 1}` },
      );
    } else if (!payload.manual) {
      await countFailedDelivery(trx, options.endpointId, at);
    }
    return outcome;
  });
}

/** A delivery failed for good: the endpoint failing for 5 days or more is switched off, and the owner told. */
async function countFailedDelivery(db: Db, endpointId: number, at: number): Promise<void> {
  await db
    .updateTable("webhook_endpoints")
    .set((eb) => ({ failed_deliveries: eb("failed_deliveries", "+", 1) }))
    .where("id", "=", endpointId)
    .execute();
  const switchedOff = await db
    .updateTable("webhook_endpoints")
    .set({ enabled: 0, disabled_reason: "failures", updated_at: new Date(at).toISOString() })
    .where("id", "=", endpointId)
    .where("enabled", "=", 1)
    .where("failing_since", "<=", new Date(at - DISABLE_AFTER_FAILING_MS).toISOString())
    .executeTakeFirst();
  if (Number(switchedOff.numUpdatedRows) === 1) await queueDisabledNotice(db, endpointId);
}
