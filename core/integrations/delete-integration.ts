// The admin removes an integration (DELETE /home/integrations/:provider, after the confirm dialog): its settings
// (keys included) are gone. The built-in test payments are only switched off. Invoices already issued keep their
// provider name and number; ones still scheduled fail at their next attempt, visibly.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { BUILT_IN_PROVIDERS, definitionOf } from "./provider-fields.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageIntegrations } from "./policies.ts";

export async function deleteIntegration(db: Db, actor: Actor, provider: string): Promise<void> {
  authorize(actor, canManageIntegrations(actor));
  if (!definitionOf(provider)) throw new AppError("not_found");
  if (BUILT_IN_PROVIDERS.includes(provider)) throw new AppError("conflict", { messageKey: "integrations:built_in" });
  const result = await db.deleteFrom("integrations").where("provider", "=", provider).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError("not_found");
}
