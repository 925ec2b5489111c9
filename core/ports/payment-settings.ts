// The settings each payment provider is configured with (spec §3: "per-provider keys (API login, password, shop ID,
// merchant ID, CRC key, environment, digest algorithm)"), in the providers' own names. It is part of the port: the
// adapters (integrations/payments/) read exactly these keys, and the admin's integration form
// (core/integrations/provider-fields.ts) asks exactly for them. Pure data: the browser imports it too.

export type ProviderName = "stripe" | "tpay" | "przelewy24" | "payu";

export type ProviderField = { key: string; secret: boolean; required: boolean; options?: string[] };

export const paymentProviderNames: readonly ProviderName[] = ["stripe", "tpay", "przelewy24", "payu"];

export const paymentProviderFields: Record<ProviderName, ProviderField[]> = {
  stripe: [
    { key: "secret_key", secret: true, required: true },
    { key: "webhook_secret", secret: true, required: true },
  ],
  tpay: [
    { key: "client_id", secret: false, required: true },
    { key: "client_secret", secret: true, required: true },
    /** the notification md5sum's secret */
    { key: "security_code", secret: true, required: true },
    { key: "environment", secret: false, required: true, options: ["sandbox", "production"] },
    /** Tpay's JWS root certificate (PEM); empty: fetched from the secure host's /x509/tpay-jws-root.pem */
    { key: "jws_root_pem", secret: false, required: false },
    /** when set, notifications naming another merchant id are refused */
    { key: "merchant_id", secret: false, required: false },
    /** the card form's RSA public key from Tpay's panel (base64 of a PEM SPKI key): card payments and renewals */
    { key: "card_rsa_public_key", secret: false, required: false },
  ],
  przelewy24: [
    { key: "merchant_id", secret: false, required: true },
    /** empty means the merchant id (the usual case) */
    { key: "pos_id", secret: false, required: false },
    /** the API (reports) key, the Basic auth password */
    { key: "api_key", secret: true, required: true },
    { key: "crc_key", secret: true, required: true },
    { key: "environment", secret: false, required: true, options: ["sandbox", "production"] },
  ],
  payu: [
    /** merchantPosId */
    { key: "pos_id", secret: false, required: true },
    /** the OAuth client_id; empty means the POS id (the usual case) */
    { key: "client_id", secret: false, required: false },
    { key: "client_secret", secret: true, required: true },
    /** the second key (MD5), which signs notifications */
    { key: "second_key", secret: true, required: true },
    { key: "digest_algorithm", secret: false, required: true, options: ["MD5", "SHA-256"] },
    { key: "environment", secret: false, required: true, options: ["sandbox", "production"] },
  ],
};
