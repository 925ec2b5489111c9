// The admin changes an endpoint's address, note or events (PUT /home/webhooks/:id). Its secret stays.
import { parseInput } from "#core/validation.ts";
import { nowIso, type Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { endpointView, findEndpoint, type EndpointView } from "./endpoint-records.ts";
import { canManageWebhooks } from "./policies.ts";
import { endpointInputSchema } from "./schemas.ts";
import { assertTargetUrl, type TargetRules } from "./target-url.ts";

export async function updateEndpoint(
  db: Db,
  actor: Actor,
  options: { id: number; rules: TargetRules; input: unknown },
): Promise<EndpointView> {
  authorize(actor, canManageWebhooks(actor));
  await findEndpoint(db, options.id);
  const data = parseInput(endpointInputSchema, options.input);
  assertTargetUrl(data.url, options.rules);
  await db
    .updateTable("webhook_endpoints")
    .set({ url: data.url, description: data.description, events: JSON.stringify(data.events), updated_at: nowIso() })
    .where("id", "=", options.id)
    .execute();
  return endpointView(await findEndpoint(db, options.id));
}
