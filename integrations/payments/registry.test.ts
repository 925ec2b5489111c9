import { describe, expect, it } from "vitest";
import { providerDefinitions } from "#core/integrations/provider-fields.ts";
import { PaymentProviderError } from "#core/ports/payments.ts";
import { createPaymentProvider, paymentProviderFields, paymentProviderNames } from "./registry.ts";

const complete: Record<string, Record<string, string>> = {
  stripe: { secret_key: "sk_test_secret-value-1", webhook_secret: "whsec_secret-value-2" },
  tpay: {
    client_id: "client",
    client_secret: "secret-value-3",
    security_code: "secret-value-4",
    environment: "sandbox",
  },
  przelewy24: {
    merchant_id: "100200",
    api_key: "secret-value-5",
    crc_key: "secret-value-6",
    environment: "production",
  },
  payu: {
    pos_id: "145227",
    client_secret: "secret-value-7",
    second_key: "secret-value-8",
    digest_algorithm: "SHA-256",
    environment: "sandbox",
  },
};

describe("payment provider registry", () => {
  it("builds every provider from its settings", () => {
    for (const name of paymentProviderNames) expect(createPaymentProvider(name, complete[name]!, {}).name).toBe(name);
  });

  it("lists the settings each provider needs, secrets marked and choices given", () => {
    const keys = (name: keyof typeof paymentProviderFields) => paymentProviderFields[name].map((f) => f.key);
    expect(keys("stripe")).toEqual(["secret_key", "webhook_secret"]);
    expect(keys("tpay")).toEqual([
      "client_id",
      "client_secret",
      "security_code",
      "environment",
      "jws_root_pem",
      "merchant_id",
      "card_rsa_public_key",
    ]);
    expect(keys("przelewy24")).toEqual(["merchant_id", "pos_id", "api_key", "crc_key", "environment"]);
    expect(keys("payu")).toEqual([
      "pos_id",
      "client_id",
      "client_secret",
      "second_key",
      "digest_algorithm",
      "environment",
    ]);
    const secrets = Object.values(paymentProviderFields).flatMap((fields) =>
      fields.filter((f) => f.secret).map((f) => f.key),
    );
    expect(new Set(secrets)).toEqual(
      new Set(["secret_key", "webhook_secret", "client_secret", "security_code", "api_key", "crc_key", "second_key"]),
    );
    expect(paymentProviderFields.payu.find((f) => f.key === "digest_algorithm")?.options).toEqual(["MD5", "SHA-256"]);
    for (const fields of Object.values(paymentProviderFields)) {
      const environment = fields.find((f) => f.key === "environment");
      if (environment) expect(environment.options).toEqual(["sandbox", "production"]);
    }
  });

  it("reads the keys the admin's integration form stores (core/integrations/provider-fields.ts)", () => {
    for (const name of paymentProviderNames) {
      const form = providerDefinitions.find((d) => d.provider === name)!.fields;
      for (const field of paymentProviderFields[name]) {
        const stored = form.find((f) => f.name === field.key);
        if (field.required) expect(stored, `${name}.${field.key}`).toBeDefined();
        if (stored) expect(stored.type === "secret", `${name}.${field.key} secret`).toBe(field.secret);
      }
    }
  });

  it("refuses a missing or invalid setting naming the key, never a value", () => {
    for (const name of paymentProviderNames) {
      for (const field of paymentProviderFields[name].filter((f) => f.required)) {
        const settings = { ...complete[name]!, [field.key]: "" };
        const error = catchError(() => createPaymentProvider(name, settings, {}));
        expect(error).toBeInstanceOf(PaymentProviderError);
        expect(error.message).toContain(field.key);
        expect(error.message).not.toMatch(/secret-value/);
      }
    }
    expect(
      catchError(() => createPaymentProvider("payu", { ...complete.payu!, digest_algorithm: "SHA1" }, {})).message,
    ).toContain("digest_algorithm");
    expect(
      catchError(() => createPaymentProvider("przelewy24", { ...complete.przelewy24!, merchant_id: "abc" }, {}))
        .message,
    ).toContain("merchant_id");
    expect(
      catchError(() => createPaymentProvider("tpay", { ...complete.tpay!, jws_root_pem: "not a pem" }, {})).message,
    ).toContain("jws_root_pem");
  });
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

describe("provider errors", () => {
  it("name the call without ids, secrets or bodies when the provider cannot be reached", async () => {
    const p24 = createPaymentProvider("przelewy24", complete.przelewy24!, {
      baseUrl: "http://127.0.0.1:9",
      fetch: async () => {
        throw new TypeError("fetch failed: secret-value-5");
      },
    });
    const error = await p24
      .fetchStatus({ hash: "a1b2c3d4e5f6a7b8c9d0", amountCents: 1, currency: "PLN", providerRef: null })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toBe(
      "przelewy24: GET /api/v1/transaction/by/sessionId/:id failed (network error)",
    );
  });
});
