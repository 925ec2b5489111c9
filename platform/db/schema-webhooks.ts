// Kysely table types of outgoing webhooks (migration 0030); the conventions of schema.ts hold here too.
import type { Generated, Selectable } from "kysely";

export type WebhookEndpointTable = {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  /** JSON array of event types (core/webhooks/events.ts) */
  events: Generated<string>;
  /** the whsec_ signing secret, encrypted (platform/security/encryption.ts) */
  secret: string;
  /** 0/1 */
  enabled: Generated<number>;
  /** why it was switched off: 'failures' (automatically) or 'owner' */
  disabled_reason: string | null;
  /** the first failed attempt since the last success; null while it answers */
  failing_since: string | null;
  /** deliveries failed for good since the last success */
  failed_deliveries: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed";

export type WebhookDeliveryTable = {
  id: Generated<number>;
  endpoint_id: number;
  /** the Standard Webhooks webhook-id (msg_...), the same on every attempt */
  message_id: string;
  event_type: string;
  /** the JSON body sent */
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  /** JSON of the last request's headers (signature included: it is no secret) */
  request_headers: string | null;
  response_status: number | null;
  /** the last answer's body, truncated */
  response_body: string | null;
  /** why the last attempt failed (network error, timeout, refused address) */
  error: string | null;
  created_at: string;
  updated_at: string;
};

export type WebhookEndpoint = Selectable<WebhookEndpointTable>;
export type WebhookDelivery = Selectable<WebhookDeliveryTable>;

export type WebhookTables = {
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
};
