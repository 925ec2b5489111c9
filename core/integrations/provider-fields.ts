// What each integration's settings form asks for (spec §3: "Payment providers need per-provider keys (API login,
// password, shop ID, merchant ID, CRC key, environment, digest algorithm); invoice integrations need an API key and
// user name"). One list drives the admin form, the server's checks and the masking of secrets.
//
// The payment providers' settings are the port's (core/ports/payment-settings.ts, `paymentProviderFields`, which the
// adapters read), so the form asks exactly for what they read; this file adds how each is shown (secret,
// choice, PEM text), formats and hints. The invoicing services' settings are declared here. No I/O.
import type { IntegrationKind } from "#platform/db/schema.ts";
import {
  type ProviderField as AdapterField,
  paymentProviderFields,
  paymentProviderNames,
} from "#core/ports/payment-settings.ts";

export type ProviderFieldType = "text" | "secret" | "select" | "textarea";

export type ProviderField = {
  /** the settings key, also the form field's name (settings.<name>) and its label key (integrations:field.<name>) */
  name: string;
  /** secret: never sent back to the browser; left blank on edit, the stored value is kept */
  type: ProviderFieldType;
  required: boolean;
  /** select: the allowed values (labels: integrations:option.<value>) */
  options?: readonly string[];
  default?: string;
  /** a format check beyond presence, with the translation key of its message */
  pattern?: RegExp;
  patternMessage?: string;
  maxLength?: number;
  /** an explanation below the field (integrations:hint.<provider>.<name>) */
  hint?: boolean;
};

export type ProviderDefinition = { provider: string; kind: IntegrationKind; fields: readonly ProviderField[] };

/** How the admin's form shows a payment adapter's setting beyond what the adapter declares: formats and hints. */
const paymentPresentation: Record<string, Partial<ProviderField>> = {
  "tpay.jws_root_pem": {
    maxLength: 8000,
    pattern: /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/,
    patternMessage: "integrations:must_be_pem",
    hint: true,
  },
  "tpay.merchant_id": { pattern: /^\d{1,12}$/, patternMessage: "integrations:must_be_digits", hint: true },
  // base64 of a PEM SPKI key as Tpay's panel gives it (a 4096-bit key is about 1,100 characters)
  "tpay.card_rsa_public_key": {
    maxLength: 2000,
    pattern: /^[A-Za-z0-9+/]+={0,2}$/,
    patternMessage: "integrations:must_be_base64",
    hint: true,
  },
  "przelewy24.merchant_id": { pattern: /^\d{1,12}$/, patternMessage: "integrations:must_be_digits" },
  "przelewy24.pos_id": { pattern: /^\d{1,12}$/, patternMessage: "integrations:must_be_digits", hint: true },
  "payu.pos_id": { pattern: /^\d{1,12}$/, patternMessage: "integrations:must_be_digits" },
  "payu.client_id": { hint: true },
};

/** An adapter's declared setting (integrations/payments/) as a form field: secrets, choices, PEM text. */
function formField(provider: string, field: AdapterField): ProviderField {
  const options = field.options ? [...field.options] : undefined;
  return {
    name: field.key,
    type: field.secret ? "secret" : options ? "select" : field.key.endsWith("_pem") ? "textarea" : "text",
    required: field.required,
    ...(options ? { options, default: options.includes("sandbox") ? "sandbox" : options[0] } : {}),
    ...paymentPresentation[`${provider}.${field.key}`],
  };
}

/** The payment providers: the built-in test payments, then every adapter of integrations/payments/ with its settings. */
export const paymentDefinitions: readonly ProviderDefinition[] = [
  // The built-in simulated payment page: nothing to configure, only on or off.
  { provider: "test", kind: "payment", fields: [] },
  ...paymentProviderNames.map((provider) => ({
    provider,
    kind: "payment" as const,
    fields: paymentProviderFields[provider].map((field) => formField(provider, field)),
  })),
];

export const invoicingProviderFields: readonly ProviderDefinition[] = [
  {
    provider: "ifirma",
    kind: "invoicing",
    fields: [
      // the iFirma user name (login) and the API key of the "faktura" kind, as the panel shows it (hex)
      { name: "login", type: "text", required: true },
      {
        name: "invoice_key",
        type: "secret",
        required: true,
        pattern: /^(?:[0-9a-fA-F]{2}){4,128}$/,
        patternMessage: "integrations:must_be_hex",
      },
      {
        name: "key_name",
        type: "select",
        required: true,
        options: ["faktura", "abonent", "rachunek", "wydatek"],
        default: "faktura",
        hint: true,
      },
    ],
  },
  {
    provider: "fakturownia",
    kind: "invoicing",
    fields: [
      // the account's subdomain: https://{account}.fakturownia.pl
      {
        name: "account",
        type: "text",
        required: true,
        hint: true,
        pattern: /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
        patternMessage: "integrations:must_be_subdomain",
      },
      { name: "api_token", type: "secret", required: true },
    ],
  },
];

export const providerDefinitions: readonly ProviderDefinition[] = [...paymentDefinitions, ...invoicingProviderFields];

export const providerNames = providerDefinitions.map((d) => d.provider);

export function definitionOf(provider: string): ProviderDefinition | undefined {
  return providerDefinitions.find((d) => d.provider === provider);
}

/** Built in: cannot be deleted, only switched on or off. */
export const BUILT_IN_PROVIDERS: readonly string[] = ["test"];

export const DEFAULT_MAX_LENGTH = 500;
