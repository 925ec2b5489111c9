// The payment providers of this server (composition root): the built-in test provider when allowed, and every
// enabled payment integration built from its decrypted settings. `PAYMENTS_BASE_URL_<PROVIDER>` points an adapter
// at another host (the tests' fakes, offline development). Adapters are kept per settings version (a declared
// cache, platform/cache/cache.ts).
import { scheduleInvoice } from "#core/invoices/schedule-invoice.ts";
import type { CompletionHooks } from "#core/selling/complete-transaction.ts";
import { getIntegrationSettings } from "#core/integrations/get-integration-settings.ts";
import { createPaymentProvider, paymentProviderNames } from "#integrations/payments/registry.ts";
import { listEnabledPaymentProviders } from "#core/integrations/list-enabled-payment-providers.ts";
import type { PaymentProvider } from "#core/ports/payments.ts";
import type { PaidProviderName, ProviderSource } from "#core/selling/provider-source.ts";
import { createTestProvider } from "#core/selling/test-provider.ts";
import type { TokenChargers } from "#core/memberships/billing.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import { queueFailureNotice } from "#core/selling/queue-failure-notice.ts";
import type { Config } from "#platform/config.ts";
import { defineCache } from "#platform/cache/cache.ts";
import type { Db } from "#platform/db/connection.ts";

export type Payments = ProviderSource & { test: ReturnType<typeof createTestProvider> | null };

/** The test provider is for development and demos: off in production unless TEST_PAYMENTS=on. */
export function testPaymentsAllowed(config: Pick<Config, "TEST_PAYMENTS" | "NODE_ENV">): boolean {
  return config.TEST_PAYMENTS === "on" || (config.TEST_PAYMENTS === "auto" && config.NODE_ENV !== "production");
}

type ExternalName = Exclude<PaidProviderName, "test">;

/**
 * Adapters of the enabled payment integrations, kept per provider and settings version on the one cache primitive
 * (an adapter keeps its OAuth token between calls). Each call reads the integration's updated_at, so a change
 * saved by another process is used from its next call; a change saved here empties the cache at once (its table
 * is watched). PAYMENTS_BASE_URL_<PROVIDER> overrides the provider's host.
 */
const paymentAdapters = defineCache<string, PaymentProvider | null>({
  name: "payment-adapters",
  tables: ["integrations"],
  // The key carries the settings' version: a kept adapter is never stale, only unused once the version moves.
  maxAgeMs: 60 * 60 * 1000,
  maxEntries: 20,
  keep: (provider) => provider !== null,
});

export function externalProviders(db: Db, secret: Buffer, env: NodeJS.ProcessEnv = process.env) {
  return async (name: PaidProviderName): Promise<PaymentProvider | null> => {
    if (!(paymentProviderNames as readonly string[]).includes(name)) return null;
    const row = await db
      .selectFrom("integrations")
      .select("updated_at")
      .where("provider", "=", name)
      .executeTakeFirst();
    if (!row) return null;
    const baseUrl = env[`PAYMENTS_BASE_URL_${name.toUpperCase()}`] || undefined;
    const key = `${name} ${row.updated_at} ${baseUrl ?? ""}`;
    return (
      paymentAdapters.peek(db, key) ??
      paymentAdapters.refresh(db, key, async () => {
        const integration = await getIntegrationSettings(db, secret, name);
        if (!integration) return null;
        return createPaymentProvider(name as ExternalName, integration.settings as Record<string, string>, {
          baseUrl,
        });
      })
    );
  };
}

export function createPayments(options: {
  db: Db;
  config: Config;
  secret: Buffer;
  external?: (name: PaidProviderName) => Promise<PaymentProvider | null>;
}): Payments {
  const test = testPaymentsAllowed(options.config) ? createTestProvider(options.secret) : null;
  const enabled = async (): Promise<PaidProviderName[]> => {
    const names = (await listEnabledPaymentProviders(options.db)) as PaidProviderName[];
    return names.filter((name) => name !== "test" || test !== null);
  };
  return {
    test,
    enabled,
    async get(name) {
      if (!(await enabled()).includes(name as PaidProviderName)) return null;
      if (name === "test") return test;
      return options.external ? options.external(name as PaidProviderName) : null;
    },
  };
}

/**
 * What a settled payment sets off besides access: the invoice; and what a failed one does: the buyer's notice
 * with a link to try again (both queued in the same database transaction).
 */
export function completionHooks(services: { config: Pick<Config, "APP_URL"> }): CompletionHooks {
  return {
    scheduleInvoice: async (db, transactionId) => {
      await scheduleInvoice(db, transactionId);
    },
    paymentFailed: (db, transactionId) => queueFailureNotice(db, transactionId, services.config.APP_URL),
  };
}

/**
 * The card-token chargers of memberships' renewals (issue 15): the built-in test provider's simulated tokens when
 * test payments are allowed; Tpay, PayU and Przelewy24 join here with their card tokens.
 */
export function membershipChargers(services: { payments: Payments }): TokenChargers {
  return { get: (name) => (name === "test" && services.payments.test ? testTokenCharger : null) };
}
