// The per-provider settings rules: required fields, kept secrets, formats, select values, masking.
import { describe, expect, it } from "vitest";
import { checkSettings, maskSettings } from "./check-settings.ts";
import { definitionOf } from "./provider-fields.ts";

const stripe = definitionOf("stripe")!;
const payu = definitionOf("payu")!;
const ifirma = definitionOf("ifirma")!;
const fakturownia = definitionOf("fakturownia")!;
const tpay = definitionOf("tpay")!;
const p24 = definitionOf("przelewy24")!;

describe("checkSettings", () => {
  it("asks for every required field, under its settings.<name> key", () => {
    expect(checkSettings(stripe, {}).errors).toEqual({
      "settings.secret_key": [{ key: "validation:required" }],
      "settings.webhook_secret": [{ key: "validation:required" }],
    });
    expect(Object.keys(checkSettings(payu, { pos_id: " ", client_id: "" }).errors).sort()).toEqual([
      "settings.client_secret",
      "settings.pos_id",
      "settings.second_key",
    ]);
  });

  it("keeps a stored secret when the field is left blank, and replaces it when a new one is typed", () => {
    const stored = { secret_key: "sk_old", webhook_secret: "whsec_old" };
    expect(checkSettings(stripe, { secret_key: "", webhook_secret: "  " }, stored)).toEqual({
      settings: stored,
      errors: {},
    });
    expect(checkSettings(stripe, { secret_key: " sk_new ", webhook_secret: "" }, stored).settings).toEqual({
      secret_key: "sk_new",
      webhook_secret: "whsec_old",
    });
    // A choice left out takes its default.
    expect(checkSettings(p24, { merchant_id: "1", api_key: "a", crc_key: "c" }).settings).toEqual({
      merchant_id: "1",
      api_key: "a",
      crc_key: "c",
      environment: "sandbox",
    });
  });

  it("does not keep a plain field that was cleared", () => {
    expect(checkSettings(fakturownia, { account: "", api_token: "" }, { account: "x", api_token: "t" }).errors).toEqual(
      {
        "settings.account": [{ key: "validation:required" }],
      },
    );
  });

  it("checks select values and formats, and drops unknown keys", () => {
    const result = checkSettings(payu, {
      pos_id: "12a",
      client_id: "c",
      client_secret: "s",
      second_key: "k",
      digest_algorithm: "SHA-1",
      environment: "staging",
      admin: "1",
    });
    expect(result.errors).toEqual({
      "settings.pos_id": [{ key: "integrations:must_be_digits" }],
      "settings.digest_algorithm": [{ key: "validation:in" }],
      "settings.environment": [{ key: "validation:in" }],
    });
    expect(result.settings).not.toHaveProperty("admin");
    expect(checkSettings(ifirma, { login: "jan", invoice_key: "xyz" }).errors).toEqual({
      "settings.invoice_key": [{ key: "integrations:must_be_hex" }],
    });
    expect(checkSettings(ifirma, { login: "jan", invoice_key: "0A1b2C3d" }).settings).toEqual({
      login: "jan",
      invoice_key: "0A1b2C3d",
      key_name: "faktura",
    });
    expect(checkSettings(fakturownia, { account: "my.school", api_token: "t" }).errors).toEqual({
      "settings.account": [{ key: "integrations:must_be_subdomain" }],
    });
    expect(checkSettings(stripe, { secret_key: "x".repeat(501), webhook_secret: "w" }).errors).toEqual({
      "settings.secret_key": [{ key: "validation:string_max", values: { max: 500 } }],
    });
  });

  it("takes Tpay's root certificate as optional PEM text", () => {
    const base = { client_id: "c", client_secret: "s", security_code: "k", environment: "production" };
    expect(checkSettings(tpay, base).errors).toEqual({});
    const pem = "-----BEGIN CERTIFICATE-----\r\nMIIB\r\n-----END CERTIFICATE-----";
    expect(checkSettings(tpay, { ...base, jws_root_pem: pem }).settings.jws_root_pem).toBe(
      "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
    );
    expect(checkSettings(tpay, { ...base, jws_root_pem: "not a certificate" }).errors).toEqual({
      "settings.jws_root_pem": [{ key: "integrations:must_be_pem" }],
    });
  });

  it("takes Tpay's card form public key as optional base64 text, as its panel gives it", () => {
    const base = { client_id: "c", client_secret: "s", security_code: "k", environment: "production" };
    const key = Buffer.from("-----BEGIN PUBLIC KEY-----\nMIGf\n-----END PUBLIC KEY-----\n").toString("base64");
    expect(checkSettings(tpay, { ...base, card_rsa_public_key: key }).settings.card_rsa_public_key).toBe(key);
    expect(checkSettings(tpay, { ...base, card_rsa_public_key: "not base64!" }).errors).toEqual({
      "settings.card_rsa_public_key": [{ key: "integrations:must_be_base64" }],
    });
  });
});

describe("maskSettings", () => {
  it("shows plain values and only whether each secret is set", () => {
    expect(maskSettings(payu, { pos_id: "145227", second_key: "k", environment: "production" })).toEqual({
      settings: { pos_id: "145227", environment: "production" },
      secrets: { client_secret: false, second_key: true },
    });
  });
});
