// The invoice's content rules: lines add up to what was paid, dates follow the Polish calendar, and the stored
// invoice details are read defensively.
import { describe, expect, it } from "vitest";
import { invoiceBuyer, invoiceDate, invoiceLines, parseInvoiceDetails } from "./invoice-content.ts";

const sum = (lines: { quantity: number; unitGrossCents: number }[]) =>
  lines.reduce((total, line) => total + line.quantity * line.unitGrossCents, 0);

describe("invoiceLines", () => {
  it("is one line when the total divides by the quantity", () => {
    expect(invoiceLines({ title: "Course", quantity: 1, totalCents: 12_300, vatRate: 23 })).toEqual([
      { name: "Course", quantity: 1, unitGrossCents: 12_300, vatRate: 23 },
    ]);
    expect(invoiceLines({ title: "Course", quantity: 4, totalCents: 40_000, vatRate: 8 })).toEqual([
      { name: "Course", quantity: 4, unitGrossCents: 10_000, vatRate: 8 },
    ]);
  });

  it("puts the remainder of an uneven total on one unit, so the sum is exact", () => {
    const lines = invoiceLines({ title: "Team", quantity: 3, totalCents: 10_000, vatRate: 23 });
    expect(lines).toEqual([
      { name: "Team", quantity: 2, unitGrossCents: 3_333, vatRate: 23 },
      { name: "Team", quantity: 1, unitGrossCents: 3_334, vatRate: 23 },
    ]);
    for (const [quantity, totalCents] of [
      [7, 99_999],
      [2, 1],
      [100, 123_457],
    ] as const) {
      expect(sum(invoiceLines({ title: "x", quantity, totalCents, vatRate: 23 }))).toBe(totalCents);
    }
  });
});

describe("invoiceDate", () => {
  it("is the day in Poland", () => {
    expect(invoiceDate("2026-12-31T23:30:00.000Z")).toBe("2027-01-01");
    expect(invoiceDate("2026-07-15T10:00:00.000Z")).toBe("2026-07-15");
    expect(invoiceDate("2026-07-15T22:30:00.000Z")).toBe("2026-07-16");
  });
});

describe("parseInvoiceDetails", () => {
  it("reads the checkout's invoice details and builds the buyer", () => {
    const details = parseInvoiceDetails(
      JSON.stringify({
        company_name: " ACME ",
        vat_number: "PL123",
        street: "Long 1",
        postal_code: "00-950",
        city: "Warszawa",
        country: "pl",
      }),
    );
    expect(details).toEqual({
      company_name: "ACME",
      vat_number: "PL123",
      street: "Long 1",
      postal_code: "00-950",
      city: "Warszawa",
      country: "PL",
    });
    expect(invoiceBuyer(details!, { name: "Ann", email: "ann@example.com" })).toEqual({
      name: "Ann",
      email: "ann@example.com",
      companyName: "ACME",
      vatNumber: "PL123",
      street: "Long 1",
      postalCode: "00-950",
      city: "Warszawa",
      country: "PL",
    });
  });

  it("is null for no details, broken JSON or an empty object", () => {
    expect(parseInvoiceDetails(null)).toBeNull();
    expect(parseInvoiceDetails("")).toBeNull();
    expect(parseInvoiceDetails("{not json")).toBeNull();
    expect(parseInvoiceDetails("null")).toBeNull();
    expect(parseInvoiceDetails("{}")).toBeNull();
  });
});
