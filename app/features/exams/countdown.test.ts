import { describe, expect, it } from "vitest";
import { clockText, msLeft, serverOffsetMs } from "./countdown.ts";

describe("the exam's countdown", () => {
  it("counts from the server's clock, not the browser's", () => {
    // The browser's clock is 5 minutes behind the server's.
    const client = Date.parse("2026-11-27T12:00:00.000Z");
    const offset = serverOffsetMs("2026-11-27T12:05:00.000Z", client);
    expect(msLeft("2026-11-27T12:10:00.000Z", offset, client)).toBe(5 * 60_000);
    expect(msLeft("2026-11-27T12:10:00.000Z", offset, client + 6 * 60_000)).toBe(0);
  });
  it("shows minutes and seconds, hours when there are any", () => {
    expect(clockText(612_000)).toBe("10:12");
    expect(clockText(999)).toBe("0:01");
    expect(clockText(3_725_000)).toBe("1:02:05");
  });
});
