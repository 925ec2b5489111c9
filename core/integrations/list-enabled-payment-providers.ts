// The payment providers a buyer may choose now: the enabled payment integrations, in the order the admin page
// lists them (test first). The checkout builds adapters for these from getIntegrationSettings.
import type { Db } from "#platform/db/connection.ts";
import { paymentDefinitions } from "./provider-fields.ts";

export async function listEnabledPaymentProviders(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("integrations")
    .select("provider")
    .where("kind", "=", "payment")
    .where("enabled", "=", 1)
    .execute();
  const enabled = new Set(rows.map((row) => row.provider));
  return paymentDefinitions.map((d) => d.provider).filter((provider) => enabled.has(provider));
}
