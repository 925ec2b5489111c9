// Reading and writing integration rows: settings are sealed with the server secret (platform/security/encryption.ts),
// bound to their provider, so a value copied from one row to another does not decrypt. The rest of core/integrations
// goes through here; nothing else touches the `settings` column.
import { decryptJson, encryptJson } from "#platform/security/encryption.ts";
import type { Db } from "#platform/db/connection.ts";
import type { Selectable } from "kysely";
import type { IntegrationTable } from "#platform/db/schema.ts";
import type { Settings } from "./check-settings.ts";

export type IntegrationRow = Selectable<IntegrationTable>;

function contextOf(provider: string): string {
  return `integration:${provider}`;
}

export function sealSettings(secret: Buffer, provider: string, settings: Settings): string {
  return encryptJson(secret, settings, contextOf(provider));
}

/** The stored settings; throws when they cannot be decrypted (another server secret, or altered). */
export function openSettings(secret: Buffer, provider: string, sealed: string): Settings {
  try {
    const value = decryptJson<unknown>(secret, sealed, contextOf(provider));
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === "string")) as Settings;
  } catch {
    // The message names the provider only: never the stored text.
    throw new UnreadableSettingsError(provider);
  }
}

export class UnreadableSettingsError extends Error {
  readonly provider: string;
  constructor(provider: string) {
    super(`the settings of the ${provider} integration cannot be decrypted (was SECRET_KEY changed?)`);
    this.name = "UnreadableSettingsError";
    this.provider = provider;
  }
}

export async function findIntegration(db: Db, provider: string): Promise<IntegrationRow | undefined> {
  return db.selectFrom("integrations").selectAll().where("provider", "=", provider).executeTakeFirst();
}

/** Only one invoicing integration issues invoices: switching one on switches the others off. */
export async function switchOffOtherInvoicing(db: Db, provider: string, now: string): Promise<void> {
  await db
    .updateTable("integrations")
    .set({ enabled: 0, updated_at: now })
    .where("kind", "=", "invoicing")
    .where("provider", "!=", provider)
    .where("enabled", "=", 1)
    .execute();
}
