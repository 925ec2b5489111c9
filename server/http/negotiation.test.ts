import { describe, expect, it } from "vitest";
import { acceptedCodings, callerOf } from "./negotiation.ts";

describe("acceptedCodings", () => {
  it("takes the codings a browser names, or any coding with *, unless refused with q=0", () => {
    expect(acceptedCodings("gzip, deflate, br, zstd")).toEqual({ br: true, gzip: true });
    expect(acceptedCodings("br;q=1.0, gzip;q=0.8")).toEqual({ br: true, gzip: true });
    expect(acceptedCodings(["br", "gzip"])).toEqual({ br: true, gzip: true });
    expect(acceptedCodings("gzip, deflate")).toEqual({ br: false, gzip: true });
    expect(acceptedCodings("*")).toEqual({ br: true, gzip: true });
    expect(acceptedCodings("gzip;q=0")).toEqual({ br: false, gzip: false });
    expect(acceptedCodings("BR;Q=0, *")).toEqual({ br: false, gzip: true });
    expect(acceptedCodings("*;q=0, gzip")).toEqual({ br: false, gzip: true });
    expect(acceptedCodings("identity")).toEqual({ br: false, gzip: false });
    expect(acceptedCodings(undefined)).toEqual({ br: false, gzip: false });
  });
});

describe("callerOf", () => {
  it("tells a script's call from a browser's document request", () => {
    expect(callerOf({ "x-requested-with": "XMLHttpRequest", accept: "text/html" })).toBe("json");
    expect(callerOf({ accept: "application/json" })).toBe("json");
    expect(callerOf({ accept: "text/html,application/xhtml+xml" })).toBe("document");
  });
});
