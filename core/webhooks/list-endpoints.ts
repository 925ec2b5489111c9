// The webhooks screen's list (GET /home/webhooks): every endpoint with its last delivery's status.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { endpointView, type EndpointView } from "./endpoint-records.ts";
import { canManageWebhooks } from "./policies.ts";

export async function listEndpoints(db: Db, actor: Actor): Promise<EndpointView[]> {
  authorize(actor, canManageWebhooks(actor));
  const rows = await db.selectFrom("webhook_endpoints").selectAll().orderBy("id").execute();
  return rows.map(endpointView);
}
