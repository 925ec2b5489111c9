// One endpoint and its delivery log, newest first (GET /home/webhooks/:id): each delivery with its event, status,
// attempts, the last request (headers and body) and the last answer (status and body, truncated).
import type { Db } from "#platform/db/connection.ts";
import type { WebhookDeliveryStatus } from "#platform/db/schema-webhooks.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { endpointView, findEndpoint, type EndpointView } from "./endpoint-records.ts";
import { canManageWebhooks } from "./policies.ts";
import { RESPONSE_BODY_MAX } from "./send-webhook.ts";

export const DELIVERY_LOG_LIMIT = 50;

export type DeliveryView = {
  id: number;
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
};

export async function getEndpoint(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ endpoint: EndpointView; deliveries: DeliveryView[]; failedCount: number }> {
  authorize(actor, canManageWebhooks(actor));
  const endpoint = await findEndpoint(db, id);
  const rows = await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("endpoint_id", "=", id)
    .orderBy("id", "desc")
    .limit(DELIVERY_LOG_LIMIT)
    .execute();
  const failed = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("endpoint_id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirstOrThrow();
  return {
    endpoint: endpointView(endpoint),
    failedCount: Number(failed.count),
    deliveries: rows.map((row) => ({
      id: row.id,
      messageId: row.message_id,
      eventType: row.event_type,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      lastAttemptAt: row.last_attempt_at,
      createdAt: row.created_at,
      requestHeaders: row.request_headers ? (JSON.parse(row.request_headers) as Record<string, string>) : {},
      requestBody: row.payload.slice(0, RESPONSE_BODY_MAX),
      responseStatus: row.response_status,
      responseBody: row.response_body,
      error: row.error,
    })),
  };
}
