// Pooled random tokens: the right length and alphabet, never the same twice, across pool refills.
import { describe, expect, it } from "vitest";
import { randomBase64, randomToken } from "./random.ts";

describe("pooled random tokens", () => {
  it("gives base64url tokens of the asked size, all different, across several pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const token = randomToken(24);
      expect(token).toMatch(/^[\w-]{32}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(2000);
  });

  it("gives base64 nonces of 16 bytes", () => {
    const a = randomBase64(16);
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(a).not.toBe(randomBase64(16));
  });

  it("refuses more than a pool at once", () => {
    expect(() => randomToken(5000)).toThrow(RangeError);
  });
});
