// The admin adds an endpoint (POST /home/webhooks): a valid address (https:// in production), at least one event.
// Answers the endpoint and its signing secret, which is shown this once (stored encrypted, never shown again;
// rotate-secret.ts makes a new one).
import { parseInput } from "#core/validation.ts";
import { nowIso, type Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { endpointView, newSigningSecret, sealSecret, type EndpointView } from "./endpoint-records.ts";
import { canManageWebhooks } from "./policies.ts";
import { endpointInputSchema } from "./schemas.ts";
import { assertTargetUrl, type TargetRules } from "./target-url.ts";

export async function createEndpoint(
  db: Db,
  actor: Actor,
  options: { serverSecret: Buffer; rules: TargetRules; input: unknown },
): Promise<{ endpoint: EndpointView; secret: string }> {
  authorize(actor, canManageWebhooks(actor));
  const data = parseInput(endpointInputSchema, options.input);
  assertTargetUrl(data.url, options.rules);
  const secret = newSigningSecret();
  const now = nowIso();
  const row = await db
    .insertInto("webhook_endpoints")
    .values({
      url: data.url,
      description: data.description,
      events: JSON.stringify(data.events),
      secret: sealSecret(options.serverSecret, secret),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { endpoint: endpointView(row), secret };
}
