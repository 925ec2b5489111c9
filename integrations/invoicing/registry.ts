// Builds an invoicing adapter from an integration's decrypted settings. The base URLs come from configuration
// (INVOICING_BASE_URL_IFIRMA, INVOICING_BASE_URL_FAKTUROWNIA) so that tests and offline development point the
// adapters at the fakes in tests/fakes/; in production they are left empty and the vendors' own addresses apply.
import { createFakturownia } from "./fakturownia.ts";
import { createIfirma } from "./ifirma.ts";
import type { FetchLike, InvoicingProviderFactory } from "#core/ports/invoicing.ts";

export type { InvoicingProviderFactory } from "#core/ports/invoicing.ts";

export type InvoicingBaseUrls = { ifirma?: string; fakturownia?: string };

export function invoicingProviders(
  options: { baseUrls?: InvoicingBaseUrls; fetch?: FetchLike } = {},
): InvoicingProviderFactory {
  return (provider, settings) => {
    if (provider === "ifirma") {
      return createIfirma(
        {
          login: settings.login ?? "",
          invoice_key: settings.invoice_key ?? "",
          key_name: settings.key_name ?? "faktura",
        },
        { baseUrl: options.baseUrls?.ifirma, fetch: options.fetch },
      );
    }
    if (provider === "fakturownia") {
      return createFakturownia(
        { account: settings.account ?? "", api_token: settings.api_token ?? "" },
        { baseUrl: options.baseUrls?.fakturownia, fetch: options.fetch },
      );
    }
    throw new Error(`unknown invoicing provider '${provider.slice(0, 40)}'`);
  };
}
