// CSRF tokens: derived from the secret and the binding, the same every time for one binding (they are
// remembered), different for another binding or another secret, and checked in constant time.
import { describe, expect, it } from "vitest";
import { csrfBinding, csrfTokenFor, csrfTokenMatches } from "./csrf.ts";

const secret = Buffer.alloc(48, 1);
const otherSecret = Buffer.alloc(48, 2);

describe("CSRF tokens", () => {
  it("gives one binding the same token every time, and another binding or secret a different one", () => {
    const binding = csrfBinding("session-1", undefined)!;
    const token = csrfTokenFor(secret, binding);
    expect(csrfTokenFor(secret, binding)).toBe(token);
    expect(csrfTokenFor(secret, csrfBinding("session-2", undefined)!)).not.toBe(token);
    expect(csrfTokenFor(otherSecret, binding)).not.toBe(token);
  });

  it("binds to the session when there is one, else to the anonymous id", () => {
    expect(csrfBinding("s1", "a1")).toBe("s:s1");
    expect(csrfBinding(undefined, "a1")).toBe("a:a1");
    expect(csrfBinding(undefined, undefined)).toBeUndefined();
  });

  it("accepts only the binding's own token", () => {
    const binding = "a:visitor";
    expect(csrfTokenMatches(secret, binding, csrfTokenFor(secret, binding))).toBe(true);
    expect(csrfTokenMatches(secret, binding, csrfTokenFor(secret, "a:someone-else"))).toBe(false);
    expect(csrfTokenMatches(secret, binding, "")).toBe(false);
    expect(csrfTokenMatches(secret, undefined, csrfTokenFor(secret, binding))).toBe(false);
    expect(csrfTokenMatches(secret, binding, 42)).toBe(false);
  });
});
