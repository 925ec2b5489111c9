// /home/integrations: a card per known provider, set up or not. Secrets never leave the server: a card says
// only whether each one is set; plain settings (environment, ids, login) are shown as they are.
import { fromFlag, type Db } from "#platform/db/connection.ts";
import type { IntegrationKind } from "#platform/db/schema.ts";
import { isAvailable, type ServerAvailability } from "./availability.ts";
import { maskSettings, type Settings } from "./check-settings.ts";
import { type IntegrationRow, openSettings, UnreadableSettingsError } from "./integration-records.ts";
import { BUILT_IN_PROVIDERS, providerDefinitions, type ProviderDefinition } from "./provider-fields.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageIntegrations } from "./policies.ts";

export type IntegrationCard = {
  provider: string;
  kind: IntegrationKind;
  /** built in (the test payments): switched on or off, never deleted */
  builtIn: boolean;
  configured: boolean;
  /** switched on by the admin; it takes payments only when also available */
  enabled: boolean;
  /** whether this server can run it at all (the test payments: see availability.ts) */
  available: boolean;
  /** plain settings as stored */
  settings: Settings;
  /** secret name -> whether a value is stored */
  secrets: Record<string, boolean>;
  /** the stored settings could not be decrypted (another SECRET_KEY): they must be entered again */
  unreadable: boolean;
  updated_at: string | null;
};

export function integrationCard(
  definition: ProviderDefinition,
  row: IntegrationRow | undefined,
  stored: Settings | null,
  availability: ServerAvailability = { testPayments: true },
): IntegrationCard {
  const masked = maskSettings(definition, stored ?? {});
  return {
    provider: definition.provider,
    kind: definition.kind,
    builtIn: BUILT_IN_PROVIDERS.includes(definition.provider),
    configured: Boolean(row),
    enabled: row ? fromFlag(row.enabled) : false,
    available: isAvailable(definition.provider, availability),
    settings: masked.settings,
    secrets: masked.secrets,
    unreadable: Boolean(row) && stored === null,
    updated_at: row?.updated_at ?? null,
  };
}

export async function listIntegrations(
  db: Db,
  actor: Actor,
  secret: Buffer,
  availability: ServerAvailability = { testPayments: true },
): Promise<IntegrationCard[]> {
  authorize(actor, canManageIntegrations(actor));
  const rows = await db.selectFrom("integrations").selectAll().execute();
  return providerDefinitions.map((definition) => {
    const row = rows.find((r) => r.provider === definition.provider);
    let stored: Settings | null = null;
    if (row) {
      try {
        stored = openSettings(secret, definition.provider, row.settings);
      } catch (error) {
        if (!(error instanceof UnreadableSettingsError)) throw error;
      }
    }
    return integrationCard(definition, row, stored, availability);
  });
}

export async function getIntegrationCard(
  db: Db,
  actor: Actor,
  secret: Buffer,
  provider: string,
  availability: ServerAvailability = { testPayments: true },
): Promise<IntegrationCard | null> {
  authorize(actor, canManageIntegrations(actor));
  const cards = await listIntegrations(db, actor, secret, availability);
  return cards.find((card) => card.provider === provider) ?? null;
}
