// The settings encryption: round trips, a fresh IV per call, and every kind of tampering (text, key, context,
// version) ends in a DecryptionError rather than wrong data.
import { describe, expect, it } from "vitest";
import { DecryptionError, decryptJson, encryptJson } from "./encryption.ts";

const secret = Buffer.from("test-secret-test-secret-test-secret-0123456789", "utf8");
const other = Buffer.from("another-secret-another-secret-another-secret", "utf8");
const settings = { secret_key: "sk_test_123", environment: "sandbox", nested: { n: 1, list: [true, null] } };

function flipCharacterAt(text: string, index: number): string {
  const c = text[index]!;
  return text.slice(0, index) + (c === "A" ? "B" : "A") + text.slice(index + 1);
}

describe("encryptJson / decryptJson", () => {
  it("round-trips JSON values", () => {
    for (const value of [settings, "text", 42, null, [], { é: "zażółć" }]) {
      expect(decryptJson(secret, encryptJson(secret, value))).toEqual(value);
    }
  });

  it("writes a versioned value that does not contain the plaintext, with a new IV each time", () => {
    const a = encryptJson(secret, settings);
    const b = encryptJson(secret, settings);
    expect(a.startsWith("v1.")).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain("sk_test_123");
    expect(Buffer.from(a.slice(3), "base64url").toString("latin1")).not.toContain("sk_test");
  });

  it("refuses a changed ciphertext, IV or tag", () => {
    const text = encryptJson(secret, settings);
    for (const index of [3, 10, 20, 30, 45, text.length - 3]) {
      expect(() => decryptJson(secret, flipCharacterAt(text, index))).toThrow(DecryptionError);
    }
  });

  it("refuses another key, another context and a missing context", () => {
    const text = encryptJson(secret, settings, "integration:stripe");
    expect(decryptJson(secret, text, "integration:stripe")).toEqual(settings);
    expect(() => decryptJson(other, text, "integration:stripe")).toThrow(DecryptionError);
    expect(() => decryptJson(secret, text, "integration:payu")).toThrow(DecryptionError);
    expect(() => decryptJson(secret, text)).toThrow(DecryptionError);
  });

  it("refuses unknown versions, truncated and malformed values", () => {
    const text = encryptJson(secret, settings);
    expect(() => decryptJson(secret, `v2${text.slice(2)}`)).toThrow(/unsupported encryption version/);
    expect(() => decryptJson(secret, text.slice(0, 20))).toThrow(DecryptionError);
    expect(() => decryptJson(secret, "v1.")).toThrow(DecryptionError);
    expect(() => decryptJson(secret, "plain text")).toThrow(DecryptionError);
    expect(() => decryptJson(secret, `${text}!`)).toThrow(DecryptionError);
    expect(() => decryptJson(secret, JSON.stringify(settings))).toThrow(DecryptionError);
  });

  it("needs a secret long enough to derive a key from", () => {
    expect(() => encryptJson(Buffer.from("short"), settings)).toThrow(/too short/);
  });
});
