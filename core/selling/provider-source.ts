// Where the checkout finds payment providers: the enabled integrations, built at the composition root
// (server/payments.ts) so that core code never reads settings or secrets itself.
import type { Db } from "#platform/db/connection.ts";
import type { PaymentProviderName } from "#platform/db/schema.ts";
import type { PaymentProvider } from "#core/ports/payments.ts";

export type PaidProviderName = Exclude<PaymentProviderName, "free">;

export type ProviderSource = {
  /** the providers a buyer may choose now, in the order the checkout lists them */
  enabled(): Promise<PaidProviderName[]>;
  /** the adapter, or null when the provider is not configured or not enabled */
  get(name: string): Promise<PaymentProvider | null>;
};

export type SellingDeps = {
  db: Db;
  providers: ProviderSource;
};
