import { describe, expect, it } from "vitest";
import { limitedAddress } from "./client-address.ts";

describe("limitedAddress", () => {
  it("counts an IPv4 address by itself, also when written IPv4-mapped", () => {
    expect(limitedAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(limitedAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const home = "2001:db8:85a3:12::/64";
    expect(limitedAddress("2001:db8:85a3:12::1")).toBe(home);
    expect(limitedAddress("2001:0db8:85a3:0012:ffff:ffff:ffff:fffe")).toBe(home);
    expect(limitedAddress("2001:DB8:85A3:12:0:0:0:9")).toBe(home);
    expect(limitedAddress("2001:db8:85a3:13::1")).toBe("2001:db8:85a3:13::/64");
    expect(limitedAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitedAddress("::1")).toBe("0:0:0:0::/64");
    expect(limitedAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
