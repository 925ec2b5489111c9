import { describe, expect, it } from "vitest";
import { importLinesOf, importSchema, planImport } from "./schemas.ts";

describe("the bulk import's lines", () => {
  it("numbers lines as typed, skipping blank ones, and reads `email` or `email, name`", () => {
    const plan = planImport(importLinesOf("ann@example.com\n\n  Bob@Example.com , Bob Builder \r\nnot-an-email\n"));
    expect(plan).toEqual([
      { line: 1, email: "ann@example.com", name: null, outcome: null },
      { line: 3, email: "bob@example.com", name: "Bob Builder", outcome: null },
      { line: 4, email: "not-an-email", name: null, outcome: "invalid" },
    ]);
  });

  it("reports a repeated e-mail (any case) as a duplicate of the first", () => {
    const plan = planImport(importLinesOf("a@example.com\nA@EXAMPLE.COM, Ann"));
    expect(plan.map((line) => line.outcome)).toEqual([null, "duplicate"]);
  });

  it("takes 50 lines and refuses 51 (spec §5)", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `s${i}@example.com`).join("\n");
    expect(importSchema.safeParse({ lines: lines(50) }).success).toBe(true);
    const refused = importSchema.safeParse({ lines: lines(51) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("students:import_too_many");
  });
});
