// The admin deletes an endpoint (DELETE /home/webhooks/:id), confirming by typing DELETE (spec §5). Its delivery log
// goes with it (ON DELETE CASCADE); a delivery job still queued finds no row and ends.
import { parseInput } from "#core/validation.ts";
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { findEndpoint } from "./endpoint-records.ts";
import { canManageWebhooks } from "./policies.ts";
import { deleteConfirmationSchema } from "./schemas.ts";

export async function deleteEndpoint(db: Db, actor: Actor, options: { id: number; input: unknown }): Promise<void> {
  authorize(actor, canManageWebhooks(actor));
  await findEndpoint(db, options.id);
  parseInput(deleteConfirmationSchema, options.input);
  await db.deleteFrom("webhook_endpoints").where("id", "=", options.id).execute();
}
