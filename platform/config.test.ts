import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("TRUST_PROXY", () => {
  const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it("is off by default and for the usual 'no' words", () => {
    expect(trust()).toBe(false);
    for (const value of ["", "0", "false", "no"]) expect(trust(value)).toBe(false);
  });

  it("reads true as exactly one hop, never as 'trust every hop'", () => {
    expect(trust("true")).toBe(1);
    expect(trust("yes")).toBe(1);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
  });

  it("takes a list of proxy addresses and CIDR ranges", () => {
    expect(trust("10.0.0.1")).toEqual(["10.0.0.1"]);
    expect(trust("10.0.0.0/8, 192.168.1.1 ,fd00::/8,loopback")).toEqual([
      "10.0.0.0/8",
      "192.168.1.1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses anything else, naming the variable", () => {
    for (const value of ["everyone", "10.0.0.0/33", "10.0.0", "1.2.3.4/8/8", "99", "-1", "fd00::/129"]) {
      expect(() => trust(value), value).toThrow(ConfigError);
      expect(() => trust(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("CARD_RSA_KEY", () => {
  const pem = "-----BEGIN PRIVATE KEY-----\nMIIC\n-----END PRIVATE KEY-----\n";

  it("is optional, and takes a PEM private key or base64 of one", () => {
    expect(loadConfig({}).CARD_RSA_KEY).toBeUndefined();
    expect(loadConfig({ CARD_RSA_KEY: pem }).CARD_RSA_KEY).toBe(pem);
    const oneLine = Buffer.from(pem).toString("base64");
    expect(loadConfig({ CARD_RSA_KEY: oneLine }).CARD_RSA_KEY).toBe(oneLine);
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => loadConfig({ CARD_RSA_KEY: "-----BEGIN PUBLIC KEY-----" })).toThrow(/CARD_RSA_KEY/);
    expect(() => loadConfig({ CARD_RSA_KEY: "not a key" })).toThrow(/CARD_RSA_KEY/);
  });
});
