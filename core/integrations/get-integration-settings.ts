// For server code only (payment and invoicing adapters): an integration's decrypted settings. Never send the
// result to a browser or a log line; pages use listIntegrations, which masks secrets.
import { fromFlag, type Db } from "#platform/db/connection.ts";
import type { IntegrationKind } from "#platform/db/schema.ts";
import type { Settings } from "./check-settings.ts";
import { findIntegration, openSettings } from "./integration-records.ts";

export type IntegrationSettings = { provider: string; kind: IntegrationKind; enabled: boolean; settings: Settings };

/**
 * null when the provider is not set up. Throws UnreadableSettingsError (a safe message naming the provider) when
 * the stored settings cannot be decrypted, e.g. after SECRET_KEY changed.
 */
export async function getIntegrationSettings(
  db: Db,
  secret: Buffer,
  provider: string,
): Promise<IntegrationSettings | null> {
  const row = await findIntegration(db, provider);
  if (!row) return null;
  return {
    provider: row.provider,
    kind: row.kind,
    enabled: fromFlag(row.enabled),
    settings: openSettings(secret, row.provider, row.settings),
  };
}

/** The invoicing integration that issues invoices now (at most one is enabled), or null. */
export async function findEnabledInvoicingProvider(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("integrations")
    .select("provider")
    .where("kind", "=", "invoicing")
    .where("enabled", "=", 1)
    .orderBy("updated_at", "desc")
    .executeTakeFirst();
  return row?.provider ?? null;
}
