// The admin sets up an integration (POST /home/integrations) or changes it (PUT /home/integrations/:provider).
// Rules: one integration per provider ('You already have such integration'); every required field of the provider
// (422 with a message under each); a secret left blank on edit keeps its stored value; settings are stored
// encrypted; switching an invoicing integration on switches the other one off (one issues the invoices).
// Who may call this (admins only) is the HTTP layer's check.
import { AppError } from "#core/errors.ts";
import { parseInput } from "#core/validation.ts";
import { nowIso, toFlag, type Db } from "#platform/db/connection.ts";
import { assertCanSwitchOn, type ServerAvailability } from "./availability.ts";
import { checkSettings, type Settings } from "./check-settings.ts";
import {
  findIntegration,
  openSettings,
  sealSettings,
  switchOffOtherInvoicing,
  UnreadableSettingsError,
} from "./integration-records.ts";
import { integrationCard, type IntegrationCard } from "./list-integrations.ts";
import { definitionOf, type ProviderDefinition } from "./provider-fields.ts";
import { integrationInputSchema, integrationUpdateSchema } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageIntegrations } from "./policies.ts";

function definitionFor(provider: string): ProviderDefinition {
  const definition = definitionOf(provider);
  if (!definition) throw new AppError("not_found");
  return definition;
}

function validSettings(definition: ProviderDefinition, input: Record<string, string>, stored?: Settings): Settings {
  const { settings, errors } = checkSettings(definition, input, stored);
  if (Object.keys(errors).length) throw new AppError("validation", { fields: errors });
  return settings;
}

function checkKind(definition: ProviderDefinition, kind: string | undefined) {
  if (kind !== undefined && kind !== definition.kind) {
    throw new AppError("validation", { fields: { kind: [{ key: "validation:in" }] } });
  }
}

export async function createIntegration(
  db: Db,
  actor: Actor,
  secret: Buffer,
  input: unknown,
  availability: ServerAvailability = { testPayments: true },
): Promise<IntegrationCard> {
  authorize(actor, canManageIntegrations(actor));
  const data = parseInput(integrationInputSchema, input);
  const definition = definitionFor(data.provider);
  checkKind(definition, data.kind);
  assertCanSwitchOn(definition.provider, data.enabled, availability);
  if (await findIntegration(db, data.provider)) throw alreadyExists();
  const settings = validSettings(definition, data.settings);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    // The unique provider column settles a race between two admins: the second insert does nothing.
    const row = await trx
      .insertInto("integrations")
      .values({
        kind: definition.kind,
        provider: definition.provider,
        enabled: toFlag(data.enabled),
        settings: sealSettings(secret, definition.provider, settings),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("provider").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw alreadyExists();
    if (definition.kind === "invoicing" && data.enabled) await switchOffOtherInvoicing(trx, definition.provider, now);
    return integrationCard(definition, row, settings);
  });
}

export async function updateIntegration(
  db: Db,
  actor: Actor,
  secret: Buffer,
  provider: string,
  input: unknown,
  availability: ServerAvailability = { testPayments: true },
): Promise<IntegrationCard> {
  authorize(actor, canManageIntegrations(actor));
  const definition = definitionFor(provider);
  const data = parseInput(integrationUpdateSchema, input);
  checkKind(definition, data.kind);
  assertCanSwitchOn(definition.provider, data.enabled, availability);
  const existing = await findIntegration(db, provider);
  if (!existing) throw new AppError("not_found");
  let stored: Settings = {};
  try {
    stored = openSettings(secret, provider, existing.settings);
  } catch (error) {
    // Unreadable (the server secret changed): the admin enters every secret again.
    if (!(error instanceof UnreadableSettingsError)) throw error;
  }
  const settings = validSettings(definition, data.settings, stored);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("integrations")
      .set({ enabled: toFlag(data.enabled), settings: sealSettings(secret, provider, settings), updated_at: now })
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError("not_found");
    if (definition.kind === "invoicing" && data.enabled) await switchOffOtherInvoicing(trx, provider, now);
    return integrationCard(definition, row, settings);
  });
}

function alreadyExists(): AppError {
  return new AppError("conflict", { messageKey: "integrations:already_exists" });
}
