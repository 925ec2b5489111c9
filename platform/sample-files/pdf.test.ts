import { describe, expect, it } from "vitest";
import { isPdf } from "#core/media/file-signature.ts";
import { onePagePdf } from "./pdf.ts";

const pdf = (title: string, lines: { text: string; style?: "heading" | "body" | "note" }[] = []) =>
  onePagePdf({ title, kicker: "Course", lines }).toString("latin1");

describe("onePagePdf", () => {
  it("writes a PDF whose cross-reference table points at each object and whose stream length is exact", () => {
    const text = pdf("Exposure cheat sheet", [{ text: "Aperture", style: "heading" }, { text: "f/2.8 · f/4" }]);
    expect(isPdf(Buffer.from(text, "latin1"))).toBe(true);
    expect(text.endsWith("%%EOF\n")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.startsWith("xref\n0 9\n", startxref)).toBe(true);
    const entries = text.slice(startxref).split("\n").slice(3, 11);
    entries.forEach((entry, index) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.startsWith(`${index + 1} 0 obj\n`, offset)).toBe(true);
    });
    const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(stream[2]!.length).toBe(Number(stream[1]));
    expect(stream[2]).toContain("(Exposure cheat sheet) Tj");
    expect(stream[2]).toContain("(f/2.8 \\267 f/4) Tj");
  });

  it("draws Polish letters with the fonts' own glyphs and escapes what PDF strings reserve", () => {
    const text = pdf("Zażółć gęślą jaźń (ŁĄKA) \\ 50%");
    // ż 0x87, ó 0xF3 (Windows-1252), ł 0x83, ć 0x81, ę 0x82, ś 0x85, ą 0x80, ź 0x86, ń 0x84, Ł 0x8B, Ą 0x88
    expect(text).toContain("(Za\\207\\363\\203\\201 g\\202\\205l\\200 ja\\206\\204 \\(\\213\\210KA\\) \\\\ 50%) Tj");
    expect(text).toContain("/Differences [128 /aogonek /cacute /eogonek /lslash /nacute /sacute /zacute /zdotaccent");
    // The document's title keeps every character (UTF-16).
    expect(text).toContain(`/Title <FEFF${Buffer.from("Zażółć", "utf16le").swap16().toString("hex").toUpperCase()}`);
  });

  it("drops accents the fonts cannot draw and wraps long lines inside the margins", () => {
    const text = pdf("Crème brûlée → dessert", [{ text: "word ".repeat(60) }]);
    // é is in the fonts' encoding (0xE9); è and û lose their accents; the arrow has no stand-in
    expect(text).toContain("(Creme brul\\351e ? dessert) Tj");
    const bodyLines = [...text.matchAll(/\/F1 11\.5 Tf .*? Tm \((word[ a-z]*)\) Tj/g)].map((m) => m[1]!);
    expect(bodyLines.length).toBeGreaterThan(1);
    expect(bodyLines.join(" ").split(" ")).toHaveLength(60);
  });
});
