// The card's 'Enable' / 'Disable' (POST /home/integrations/:provider/enable | /disable): the settings stay as they
// are. Switching an invoicing integration on switches the other one off (one issues the invoices).
import { AppError } from "#core/errors.ts";
import { nowIso, toFlag, type Db } from "#platform/db/connection.ts";
import { assertCanSwitchOn, type ServerAvailability } from "./availability.ts";
import { switchOffOtherInvoicing } from "./integration-records.ts";
import { definitionOf } from "./provider-fields.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageIntegrations } from "./policies.ts";

export async function setIntegrationEnabled(
  db: Db,
  actor: Actor,
  options: { provider: string; enabled: boolean; availability?: ServerAvailability },
): Promise<void> {
  authorize(actor, canManageIntegrations(actor));
  const definition = definitionOf(options.provider);
  if (!definition) throw new AppError("not_found");
  assertCanSwitchOn(definition.provider, options.enabled, options.availability ?? { testPayments: true });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("integrations")
      .set({ enabled: toFlag(options.enabled), updated_at: now })
      .where("provider", "=", options.provider)
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError("not_found");
    if (definition.kind === "invoicing" && options.enabled) await switchOffOtherInvoicing(trx, options.provider, now);
  });
}
