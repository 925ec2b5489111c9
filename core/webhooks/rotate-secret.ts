// The admin replaces an endpoint's signing secret (POST /home/webhooks/:id/rotate); the new one is shown once.
// Deliveries from now on (retries included) are signed with it.
import { nowIso, type Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { findEndpoint, newSigningSecret, sealSecret } from "./endpoint-records.ts";
import { canManageWebhooks } from "./policies.ts";

export async function rotateSecret(
  db: Db,
  actor: Actor,
  options: { id: number; serverSecret: Buffer },
): Promise<{ secret: string }> {
  authorize(actor, canManageWebhooks(actor));
  await findEndpoint(db, options.id);
  const secret = newSigningSecret();
  await db
    .updateTable("webhook_endpoints")
    .set({ secret: sealSecret(options.serverSecret, secret), updated_at: nowIso() })
    .where("id", "=", options.id)
    .execute();
  return { secret };
}
