// Picks a payment adapter by provider name: the one place the server turns an enabled integration (its settings)
// into a PaymentProvider, and the list of settings each provider needs (for the admin's integration form).
import type { PaymentProvider } from "#core/selling/payment-provider.ts";
import type { AdapterOptions, ProviderField, ProviderName } from "./http.ts";
import { createPayuProvider, payuFields } from "./payu.ts";
import { createPrzelewy24Provider, przelewy24Fields } from "./przelewy24.ts";
import { createStripeProvider, stripeFields } from "./stripe.ts";
import { createTpayProvider, tpayFields } from "./tpay.ts";

export type { AdapterOptions, ProviderField, ProviderName } from "./http.ts";

export const paymentProviderNames: readonly ProviderName[] = ["stripe", "tpay", "przelewy24", "payu"];

/** The settings each provider needs: the providers' own names for the spec's API login, password, shop ID, ... */
export const paymentProviderFields: Record<ProviderName, ProviderField[]> = {
  stripe: stripeFields,
  tpay: tpayFields,
  przelewy24: przelewy24Fields,
  payu: payuFields,
};

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
