import { describe, expect, it } from "vitest";
import { BOM, csvCell, toCsv } from "./csv.ts";

describe("csv for spreadsheets", () => {
  it("starts with a byte order mark and ends rows with CRLF", () => {
    const text = toCsv([
      ["a", "b"],
      ["Łódź", 12],
    ]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe("a,b\r\nŁódź,12\r\n");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
  });

  it("neutralises cells a spreadsheet would read as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+48 123")).toBe("'+48 123");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=cmd")).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // numbers we write ourselves stay numbers
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("plain")).toBe("plain");
  });
});
