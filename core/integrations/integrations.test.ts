// The integration use-cases on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): one per provider,
// required fields, settings encrypted at rest and bound to their provider, secrets kept on edit and masked in lists,
// one invoicing service at a time, the built-in test payments, and the enabled payment providers in order.
import { actors } from "#core/shared/test-actors.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AppError, isAppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { deleteIntegration } from "./delete-integration.ts";
import { findEnabledInvoicingProvider, getIntegrationSettings } from "./get-integration-settings.ts";
import { UnreadableSettingsError } from "./integration-records.ts";
import { listEnabledPaymentProviders } from "./list-enabled-payment-providers.ts";
import { listIntegrations } from "./list-integrations.ts";
import { createIntegration, updateIntegration } from "./save-integration.ts";
import { seedBuiltInIntegrations } from "./seed-built-in-integrations.ts";
import { setIntegrationEnabled } from "./set-integration-enabled.ts";

const secret = Buffer.from("unit-secret-unit-secret-unit-secret-0123456789", "utf8");
const stripe = { secret_key: "sk_test_abcdef123456", webhook_secret: "whsec_abcdef123456" };
const payu = {
  pos_id: "145227",
  client_id: "145227",
  client_secret: "payu_secret_abcdef",
  second_key: "payu_second_abcdef",
  digest_algorithm: "MD5",
  environment: "sandbox",
};
const fakturownia = { account: "szkola", api_token: "fk_token_abcdef123456" };
const ifirma = { login: "jan", invoice_key: "a1b2c3d4e5f6", key_name: "faktura" };

let database: UnitDatabase;
let db: Db;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await db.deleteFrom("integrations").execute();
});

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("createIntegration", () => {
  it("stores the settings encrypted, bound to the provider", async () => {
    const card = await createIntegration(db, actors.admin, secret, { provider: "stripe", settings: stripe });
    expect(card).toMatchObject({ provider: "stripe", kind: "payment", configured: true, enabled: true });
    const row = await db.selectFrom("integrations").selectAll().executeTakeFirstOrThrow();
    expect(row.settings.startsWith("v1.")).toBe(true);
    expect(row.settings).not.toContain("sk_test");
    expect((await getIntegrationSettings(db, secret, "stripe"))?.settings).toEqual(stripe);
    // The same ciphertext under another provider's row does not decrypt.
    await createIntegration(db, actors.admin, secret, { provider: "fakturownia", settings: fakturownia });
    await db
      .updateTable("integrations")
      .set({ settings: row.settings })
      .where("provider", "=", "fakturownia")
      .execute();
    await expect(getIntegrationSettings(db, secret, "fakturownia")).rejects.toThrow(UnreadableSettingsError);
  });

  it("allows one integration per provider: 'You already have such integration'", async () => {
    await createIntegration(db, actors.admin, secret, { provider: "stripe", settings: stripe });
    const error = await appError(createIntegration(db, actors.admin, secret, { provider: "stripe", settings: stripe }));
    expect(error.status).toBe(409);
    expect(error.messageKey).toBe("integrations:already_exists");
    expect(await db.selectFrom("integrations").select("id").execute()).toHaveLength(1);
  });

  it("answers 422 with each missing field, an unknown provider, or a kind that does not fit", async () => {
    const missing = await appError(
      createIntegration(db, actors.admin, secret, { provider: "przelewy24", settings: { pos_id: "12" } }),
    );
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.fields!).sort()).toEqual([
      "settings.api_key",
      "settings.crc_key",
      "settings.merchant_id",
    ]);
    expect(
      (await appError(createIntegration(db, actors.admin, secret, { provider: "paypal", settings: {} }))).fields,
    ).toHaveProperty("provider");
    expect(
      (
        await appError(
          createIntegration(db, actors.admin, secret, { provider: "stripe", kind: "invoicing", settings: stripe }),
        )
      ).fields,
    ).toHaveProperty("kind");
    expect(await db.selectFrom("integrations").select("id").execute()).toHaveLength(0);
  });
});

describe("updateIntegration and the list", () => {
  it("keeps a secret left blank, replaces a typed one, and never lists secret values", async () => {
    await createIntegration(db, actors.admin, secret, { provider: "payu", settings: payu });
    await updateIntegration(db, actors.admin, secret, "payu", {
      enabled: false,
      settings: { ...payu, client_secret: "", second_key: "payu_second_new", environment: "production" },
    });
    expect(await getIntegrationSettings(db, secret, "payu")).toEqual({
      provider: "payu",
      kind: "payment",
      enabled: false,
      settings: { ...payu, second_key: "payu_second_new", environment: "production" },
    });
    const cards = await listIntegrations(db, actors.admin, secret);
    expect(cards.map((c) => c.provider)).toEqual([
      "test",
      "stripe",
      "tpay",
      "przelewy24",
      "payu",
      "ifirma",
      "fakturownia",
    ]);
    const card = cards.find((c) => c.provider === "payu")!;
    expect(card).toMatchObject({
      configured: true,
      enabled: false,
      settings: { pos_id: "145227", client_id: "145227", digest_algorithm: "MD5", environment: "production" },
      secrets: { client_secret: true, second_key: true },
      unreadable: false,
    });
    expect(JSON.stringify(cards)).not.toMatch(/payu_secret|payu_second/);
    expect(cards.find((c) => c.provider === "stripe")).toMatchObject({ configured: false, enabled: false });
  });

  it("answers 404 for a provider that is not set up, 422 when a required field is cleared", async () => {
    expect((await appError(updateIntegration(db, actors.admin, secret, "payu", { settings: {} }))).status).toBe(404);
    await createIntegration(db, actors.admin, secret, { provider: "fakturownia", settings: fakturownia });
    const cleared = await appError(
      updateIntegration(db, actors.admin, secret, "fakturownia", { settings: { account: "" } }),
    );
    expect(cleared.fields).toEqual({ "settings.account": [{ key: "validation:required" }] });
  });

  it("marks settings written with another server secret as unreadable, and takes new ones", async () => {
    await createIntegration(db, actors.admin, secret, { provider: "stripe", settings: stripe });
    const other = Buffer.from("another-secret-another-secret-another-secret", "utf8");
    expect((await listIntegrations(db, actors.admin, other)).find((c) => c.provider === "stripe")).toMatchObject({
      unreadable: true,
      secrets: { secret_key: false, webhook_secret: false },
    });
    const error = await appError(updateIntegration(db, actors.admin, other, "stripe", { settings: {} }));
    expect(Object.keys(error.fields!)).toEqual(["settings.secret_key", "settings.webhook_secret"]);
    await updateIntegration(db, actors.admin, other, "stripe", { settings: stripe });
    expect((await getIntegrationSettings(db, other, "stripe"))?.settings).toEqual(stripe);
  });
});

describe("one invoicing service at a time", () => {
  it("switches the other one off when one is created, updated or enabled", async () => {
    await createIntegration(db, actors.admin, secret, { provider: "ifirma", settings: ifirma });
    await createIntegration(db, actors.admin, secret, { provider: "fakturownia", settings: fakturownia });
    const enabled = async () =>
      (
        await db.selectFrom("integrations").select("provider").where("enabled", "=", 1).orderBy("provider").execute()
      ).map((r) => r.provider);
    expect(await enabled()).toEqual(["fakturownia"]);
    expect(await findEnabledInvoicingProvider(db)).toBe("fakturownia");
    await setIntegrationEnabled(db, actors.admin, { provider: "ifirma", enabled: true });
    expect(await enabled()).toEqual(["ifirma"]);
    await updateIntegration(db, actors.admin, secret, "fakturownia", {
      enabled: true,
      settings: { account: "szkola", api_token: "" },
    });
    expect(await enabled()).toEqual(["fakturownia"]);
    await setIntegrationEnabled(db, actors.admin, { provider: "fakturownia", enabled: false });
    expect(await findEnabledInvoicingProvider(db)).toBeNull();
    // Payments are not affected by invoicing, and may be many.
    await createIntegration(db, actors.admin, secret, { provider: "stripe", settings: stripe });
    await setIntegrationEnabled(db, actors.admin, { provider: "ifirma", enabled: true });
    expect(await enabled()).toEqual(["ifirma", "stripe"]);
  });
});

describe("the test payments and the enabled payment providers", () => {
  it("seeds the test payments once, switched on, and never brings them back after the admin switched them off", async () => {
    await seedBuiltInIntegrations(db, secret, { testPayments: false });
    expect(await listEnabledPaymentProviders(db)).toEqual([]);
    await seedBuiltInIntegrations(db, secret, { testPayments: true });
    await seedBuiltInIntegrations(db, secret, { testPayments: true });
    expect(await listEnabledPaymentProviders(db)).toEqual(["test"]);
    await setIntegrationEnabled(db, actors.admin, { provider: "test", enabled: false });
    await seedBuiltInIntegrations(db, secret, { testPayments: true });
    expect(await listEnabledPaymentProviders(db)).toEqual([]);
    expect((await appError(deleteIntegration(db, actors.admin, "test"))).messageKey).toBe("integrations:built_in");
  });

  it("lists enabled payment providers in the page's order, without invoicing ones", async () => {
    await createIntegration(db, actors.admin, secret, { provider: "payu", settings: payu });
    await createIntegration(db, actors.admin, secret, { provider: "stripe", settings: stripe });
    await createIntegration(db, actors.admin, secret, { provider: "fakturownia", settings: fakturownia });
    await seedBuiltInIntegrations(db, secret, { testPayments: true });
    expect(await listEnabledPaymentProviders(db)).toEqual(["test", "stripe", "payu"]);
    await setIntegrationEnabled(db, actors.admin, { provider: "stripe", enabled: false });
    expect(await listEnabledPaymentProviders(db)).toEqual(["test", "payu"]);
  });

  it("deletes an integration and its keys; 404 for one that is not there", async () => {
    await createIntegration(db, actors.admin, secret, { provider: "stripe", settings: stripe });
    await deleteIntegration(db, actors.admin, "stripe");
    expect(await getIntegrationSettings(db, secret, "stripe")).toBeNull();
    expect((await appError(deleteIntegration(db, actors.admin, "stripe"))).status).toBe(404);
    expect((await appError(deleteIntegration(db, actors.admin, "nope"))).status).toBe(404);
  });
});
