// The invoicing adapters of this server (composition root): built from an integration's decrypted settings, pointed
// at INVOICING_BASE_URL_IFIRMA / INVOICING_BASE_URL_FAKTUROWNIA when set (the tests' fakes, offline development),
// at the vendors otherwise. Used by the invoice.issue job (server/background.ts) and the buyer's PDF link.
import type { Config } from "#platform/config.ts";
import { invoicingProviders, type InvoicingProviderFactory } from "#integrations/invoicing/registry.ts";

export function invoicingProvidersFor(
  config: Pick<Config, "INVOICING_BASE_URL_IFIRMA" | "INVOICING_BASE_URL_FAKTUROWNIA">,
): InvoicingProviderFactory {
  return invoicingProviders({
    baseUrls: { ifirma: config.INVOICING_BASE_URL_IFIRMA, fakturownia: config.INVOICING_BASE_URL_FAKTUROWNIA },
  });
}
