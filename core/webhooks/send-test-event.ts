// The owner sends a test event to one endpoint (POST /home/webhooks/:id/test): 'webhook.test', signed and logged
// like any other, whatever events the endpoint chose and even when it is switched off (one attempt).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { findEndpoint } from "./endpoint-records.ts";
import { emitWebhookEvent } from "./emit-event.ts";
import { canManageWebhooks } from "./policies.ts";

export async function sendTestEvent(db: Db, actor: Actor, options: { endpointId: number }): Promise<number> {
  authorize(actor, canManageWebhooks(actor));
  const endpoint = await findEndpoint(db, options.endpointId);
  const ids = await db.transaction().execute((trx) =>
    emitWebhookEvent(
      trx,
      "webhook.test",
      { message: "A test event from Studium." },
      {
        endpointIds: [endpoint.id],
        manual: true,
      },
    ),
  );
  return ids[0]!;
}
