import { describe, expect, it } from "vitest";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.ts";

describe("password hashing", () => {
  it("verifies the password it hashed", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
  });

  it("rejects a wrong password", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts: two hashes of one password differ, and neither contains the password", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(a).not.toContain("same password");
    expect(a.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("rejects a stored value of an unknown scheme or a malformed one", async () => {
    expect(await verifyPassword("x", "plain$x")).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
  });

  it("has a decoy hash that no ordinary password matches", async () => {
    const decoy = await decoyHash();
    expect(decoy).toBe(await decoyHash());
    expect(await verifyPassword("owner-secret", decoy)).toBe(false);
  });
});
