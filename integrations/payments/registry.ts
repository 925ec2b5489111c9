// Picks a payment adapter by provider name: the one place the server turns an enabled integration (its settings)
// into a PaymentProvider, and the list of settings each provider needs (for the admin's integration form).
import type { PaymentProvider } from "#core/ports/payments.ts";
import type { AdapterOptions, ProviderName } from "./http.ts";
import { createPayuProvider } from "./payu.ts";
import { createPrzelewy24Provider } from "./przelewy24.ts";
import { createStripeProvider } from "./stripe.ts";
import { createTpayProvider } from "./tpay.ts";

export type { AdapterOptions, ProviderField, ProviderName } from "./http.ts";

export { paymentProviderFields, paymentProviderNames } from "#core/ports/payment-settings.ts";

/** Throws PaymentProviderError (naming the key, never a value) when a required setting is missing or invalid. */
export function createPaymentProvider(
  name: ProviderName,
  settings: Record<string, string>,
  options: AdapterOptions = {},
): PaymentProvider {
  switch (name) {
    case "stripe":
      return createStripeProvider(settings, options);
    case "tpay":
      return createTpayProvider(settings, options);
    case "przelewy24":
      return createPrzelewy24Provider(settings, options);
    case "payu":
      return createPayuProvider(settings, options);
  }
}
