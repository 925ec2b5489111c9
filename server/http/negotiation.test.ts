import { describe, expect, it } from "vitest";
import { acceptsGzip, callerOf } from "./negotiation.ts";

describe("acceptsGzip", () => {
  it("takes gzip when the browser names it or any coding, unless it refuses it with q=0", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip(["br", "gzip"])).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("callerOf", () => {
  it("tells a script's call from a browser's document request", () => {
    expect(callerOf({ "x-requested-with": "XMLHttpRequest", accept: "text/html" })).toBe("json");
    expect(callerOf({ accept: "application/json" })).toBe("json");
    expect(callerOf({ accept: "text/html,application/xhtml+xml" })).toBe("document");
  });
});
