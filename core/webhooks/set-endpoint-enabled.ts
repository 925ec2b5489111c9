// The admin switches an endpoint off or on (POST /home/webhooks/:id/disable | /enable). Switching on clears the
// failure count that switched it off automatically, so it gets a fresh start.
import { nowIso, toFlag, type Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { findEndpoint } from "./endpoint-records.ts";
import { canManageWebhooks } from "./policies.ts";

export async function setEndpointEnabled(
  db: Db,
  actor: Actor,
  options: { id: number; enabled: boolean },
): Promise<void> {
  authorize(actor, canManageWebhooks(actor));
  await findEndpoint(db, options.id);
  await db
    .updateTable("webhook_endpoints")
    .set(
      options.enabled
        ? { enabled: 1, disabled_reason: null, failing_since: null, failed_deliveries: 0, updated_at: nowIso() }
        : { enabled: toFlag(false), disabled_reason: "owner", updated_at: nowIso() },
    )
    .where("id", "=", options.id)
    .execute();
}
