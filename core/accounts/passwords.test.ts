import { describe, expect, it } from "vitest";
import { configSchema, loadConfig } from "#platform/config.ts";
import { decoyHash, hashPassword, needsRehash, OWASP_SCRYPT, verifyPassword } from "./passwords.ts";

// The cheapest cost the configuration accepts keeps these tests fast; one test runs OWASP's.
const cheap = { N: 2 ** 14, r: 8, p: 1 };

describe("password hashing", () => {
  it("hashes with OWASP's scrypt parameters by default (N=2^17, r=8, p=1), stored in the hash", async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    expect(configSchema.parse({}).PASSWORD_SCRYPT_N).toBe(131072);
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    // Two hashes at OWASP's cost: ~0.3 s on a quiet core, several seconds on a busy machine.
  }, 30_000);

  it("takes a lower or higher cost only as a power of two between 2^14 and 2^20", () => {
    expect(loadConfig({ PASSWORD_SCRYPT_N: "16384" }).PASSWORD_SCRYPT_N).toBe(16384);
    for (const bad of ["8192", "100000", "2097152"]) {
      expect(() => loadConfig({ PASSWORD_SCRYPT_N: bad }), bad).toThrow(/PASSWORD_SCRYPT_N: must be a power of 2/);
    }
  });

  it("verifies the password it hashed", async () => {
    const stored = await hashPassword("correct horse", cheap);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
  });

  it("rejects a wrong password", async () => {
    const stored = await hashPassword("correct horse", cheap);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts: two hashes of one password differ, and neither contains the password", async () => {
    const a = await hashPassword("same password", cheap);
    const b = await hashPassword("same password", cheap);
    expect(a).not.toBe(b);
    expect(a).not.toContain("same password");
    expect(a.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("rejects a stored value of an unknown scheme or a malformed one", async () => {
    expect(await verifyPassword("x", "plain$x")).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
    // Parameters out of bounds (a corrupt row must not ask for gigabytes) or not a power of two.
    expect(await verifyPassword("x", "scrypt$1073741824$8$1$c2FsdA$aGFzaA")).toBe(false);
    expect(await verifyPassword("x", "scrypt$10000$8$1$c2FsdA$aGFzaA")).toBe(false);
  });

  it("asks for a rehash only of a weaker hash, never a downgrade", async () => {
    const old = await hashPassword("pw", cheap);
    expect(needsRehash(old, { ...cheap, N: 2 ** 15 })).toBe(true);
    expect(needsRehash(old, cheap)).toBe(false);
    expect(needsRehash(old, { ...cheap, N: 2 ** 13 })).toBe(false);
    expect(needsRehash("scrypt$16384$8$1$c2FsdA$aGFzaA", OWASP_SCRYPT)).toBe(true);
  });

  it("has a decoy hash per cost that no ordinary password matches", async () => {
    const decoy = await decoyHash(cheap);
    expect(decoy).toBe(await decoyHash(cheap));
    expect(decoy).toMatch(/^scrypt\$16384\$/);
    expect(await verifyPassword("owner-secret", decoy)).toBe(false);
  });
});
