// An event happened (an order was paid, a student registered...): one delivery row and one delivery job per enabled
// endpoint that wants it, written with `db`, the transaction of the change itself (the outbox: a committed change
// always has its webhooks queued, a rolled-back one never does). The body follows the Standard Webhooks payload
// shape: {type, timestamp, data}. All endpoints get the same message id for one event. The data's student (and
// buyer) carries the student's tag names (student-tags.ts).
import { nowIso, type Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { randomToken } from "#platform/random.ts";
import { eventsOf } from "./endpoint-records.ts";
import type { WebhookEventType } from "./events.ts";
import { deliverWebhookJob } from "./jobs.ts";
import { withStudentTags } from "./student-tags.ts";

export type WebhookData = Record<string, unknown>;

export function newMessageId(): string {
  return `msg_${randomToken(18)}`;
}

/** Queues the event for every subscribed endpoint (or only `endpointIds`); answers the delivery ids. */
export async function emitWebhookEvent(
  db: Db,
  type: WebhookEventType,
  data: WebhookData,
  options: { endpointIds?: number[]; manual?: boolean } = {},
): Promise<number[]> {
  // Named endpoints (the owner's test event) get it whatever they chose and even when switched off.
  const query = options.endpointIds
    ? db
        .selectFrom("webhook_endpoints")
        .select(["id", "events"])
        .where("id", "in", [0, ...options.endpointIds])
    : db.selectFrom("webhook_endpoints").select(["id", "events"]).where("enabled", "=", 1);
  const endpoints = (await query.execute()).filter(
    (endpoint) => options.endpointIds || eventsOf(endpoint).includes(type),
  );
  if (endpoints.length === 0) return [];
  const now = nowIso();
  const messageId = newMessageId();
  const payload = JSON.stringify({ type, timestamp: now, data: await withStudentTags(db, data) });
  const ids: number[] = [];
  for (const endpoint of endpoints) {
    const row = await db
      .insertInto("webhook_deliveries")
      .values({
        endpoint_id: endpoint.id,
        message_id: messageId,
        event_type: type,
        payload,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueue(
      db,
      deliverWebhookJob,
      { deliveryId: row.id, attempt: 1, ...(options.manual ? { manual: true } : {}) },
      { key: `webhook:${row.id}:1` },
    );
    ids.push(row.id);
  }
  return ids;
}
