import { describe, expect, it } from "vitest";
import { parseRange } from "./byte-range.ts";

describe("parseRange", () => {
  it("serves the whole file without a Range", () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: "whole" });
  });

  it("reads a closed, an open and a suffix range", () => {
    expect(parseRange("bytes=0-0", 100)).toEqual({ kind: "partial", start: 0, end: 0 });
    expect(parseRange("bytes=10-19", 100)).toEqual({ kind: "partial", start: 10, end: 19 });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-1000", 100)).toEqual({ kind: "partial", start: 0, end: 99 });
  });

  it("clips an end past the file", () => {
    expect(parseRange("bytes=50-5000", 100)).toEqual({ kind: "partial", start: 50, end: 99 });
  });

  it("answers 416 for a start past the end or an empty suffix", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores what it does not serve: several ranges, other units, reversed ranges, nonsense", () => {
    for (const header of ["bytes=0-1,5-6", "items=0-1", "bytes=9-3", "bytes=a-b", "bytes=-"]) {
      expect(parseRange(header, 100)).toEqual({ kind: "whole" });
    }
  });
});
