// The endpoint rows as the webhooks use-cases read and write them: the secret sealed at rest (as the integrations'
// provider keys are), the events list as JSON, and the view the admin screen gets (never the secret, which is shown
// once, when it is made).
import { randomBytes } from "node:crypto";
import { AppError } from "#core/errors.ts";
import { fromFlag, type Db } from "#platform/db/connection.ts";
import type { WebhookEndpoint } from "#platform/db/schema-webhooks.ts";
import { decryptJson, encryptJson } from "#platform/security/encryption.ts";

const context = (id: "endpoint") => `webhooks/${id}`;

/** A new signing secret in the Standard Webhooks form: whsec_ and 24 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function sealSecret(serverSecret: Buffer, signingSecret: string): string {
  return encryptJson(serverSecret, signingSecret, context("endpoint"));
}

export function openSecret(serverSecret: Buffer, sealed: string): string {
  return decryptJson<string>(serverSecret, sealed, context("endpoint"));
}

export function eventsOf(endpoint: Pick<WebhookEndpoint, "events">): string[] {
  const value: unknown = JSON.parse(endpoint.events);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export type EndpointView = {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failedDeliveries: number;
  createdAt: string;
};

export function endpointView(endpoint: WebhookEndpoint): EndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: eventsOf(endpoint),
    enabled: fromFlag(endpoint.enabled),
    disabledReason: endpoint.disabled_reason,
    failedDeliveries: endpoint.failed_deliveries,
    createdAt: endpoint.created_at,
  };
}

export async function findEndpoint(db: Db, id: number): Promise<WebhookEndpoint> {
  const endpoint = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  if (!endpoint) throw new AppError("not_found");
  return endpoint;
}
