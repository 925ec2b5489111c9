// The payment providers of this server (composition root): the built-in test provider when allowed, and every
// enabled payment integration built from its decrypted settings. `PAYMENTS_BASE_URL_<PROVIDER>` points an adapter
// at another host (the tests' fakes, offline development). Adapters are cached per settings version.
import { listEnabledPaymentProviders } from "#core/integrations/list-enabled-payment-providers.ts";
import type { PaymentProvider } from "#core/selling/payment-provider.ts";
import type { PaidProviderName, ProviderSource } from "#core/selling/provider-source.ts";
import { createTestProvider } from "#core/selling/test-provider.ts";
import type { Config } from "#platform/config.ts";
import type { Db } from "#platform/db/connection.ts";

export type Payments = ProviderSource & { test: ReturnType<typeof createTestProvider> | null };

/** The test provider is for development and demos: off in production unless TEST_PAYMENTS=on. */
export function testPaymentsAllowed(config: Pick<Config, "TEST_PAYMENTS" | "NODE_ENV">): boolean {
  return config.TEST_PAYMENTS === "on" || (config.TEST_PAYMENTS === "auto" && config.NODE_ENV !== "production");
}

export function createPayments(options: { db: Db; config: Config; secret: Buffer; external?: (name: PaidProviderName) => Promise<PaymentProvider | null> }): Payments {
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
