import { describe, expect, it } from "vitest";
import { isAllowedHost, normalizeHost, publicAddressOf, requirePublicAddress } from "./public-address.ts";

describe("publicAddressOf", () => {
  it("prefers APP_URL, then the recorded address; never anything else", () => {
    expect(publicAddressOf("https://app.example/", { public_url: "https://school.example" })).toBe(
      "https://app.example",
    );
    expect(publicAddressOf(undefined, { public_url: "https://school.example" })).toBe("https://school.example");
    expect(publicAddressOf(undefined, { public_url: null })).toBeUndefined();
    expect(publicAddressOf(undefined, null)).toBeUndefined();
    expect(() => requirePublicAddress(undefined, null)).toThrow("errors:public_address_missing");
  });
});

describe("isAllowedHost", () => {
  const allowed = { publicAddress: "https://school.example", aliases: ["alias.example", "other.example:8443"] };

  it("answers the public address, with or without its default port", () => {
    expect(isAllowedHost("https", "school.example", allowed)).toBe(true);
    expect(isAllowedHost("https", "SCHOOL.example:443", allowed)).toBe(true);
    expect(isAllowedHost("https", "school.example:8080", allowed)).toBe(false);
    expect(
      isAllowedHost("http", "school.example:8080", { publicAddress: "http://school.example:8080", aliases: [] }),
    ).toBe(true);
  });

  it("answers APP_URL's host, the aliases and loopback names on any port", () => {
    expect(isAllowedHost("https", "app.example", { ...allowed, appUrl: "https://app.example" })).toBe(true);
    expect(isAllowedHost("https", "alias.example:3000", allowed)).toBe(true);
    expect(isAllowedHost("https", "other.example:8443", allowed)).toBe(true);
    expect(isAllowedHost("https", "other.example", allowed)).toBe(false);
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "localhost"]) {
      expect(isAllowedHost("http", host, allowed), host).toBe(true);
    }
  });

  it("refuses any other host, and hosts that are not hosts", () => {
    for (const host of [
      "evil.example",
      "school.example.evil.example",
      "evil.example/school.example",
      "school.example@evil.example",
      "",
      " ",
    ]) {
      expect(isAllowedHost("https", host, allowed), host).toBe(false);
    }
    expect(normalizeHost("https", "a b")).toBeNull();
  });
});
