import { describe, expect, it } from "vitest";
import { checkoutSchema } from "./checkout-schema.ts";

function issues(input: Record<string, unknown>) {
  const result = checkoutSchema.safeParse({ name: "Ann", terms: true, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("checkout form rules", () => {
  it("needs the terms accepted", () => {
    expect(issues({ terms: false }).terms).toBe("checkout:terms_required");
    expect(issues({})).toEqual({});
  });

  it("takes a VAT number of letters and digits only", () => {
    const company = { invoice: true, company_name: "ACME", street: "Long 1", postal_code: "00-950", city: "Warszawa" };
    expect(issues({ ...company, vat_number: "PL1234567890" })).toEqual({});
    expect(issues({ ...company, vat_number: "PL 123-456" }).vat_number).toBe("validation:vat_number");
  });

  it("checks a Polish postal code as 12-345, other countries freely", () => {
    const company = { invoice: true, company_name: "ACME", street: "Long 1", vat_number: "123", city: "X" };
    expect(issues({ ...company, postal_code: "00950" }).postal_code).toBe("validation:postal_code");
    expect(issues({ ...company, postal_code: "SW1A 1AA", country: "gb" })).toEqual({});
  });

  it("requires the company's details only with an invoice", () => {
    expect(issues({ invoice: true })).toMatchObject({
      company_name: "validation:required",
      city: "validation:required",
    });
    expect(issues({ invoice: false, vat_number: "not checked" })).toEqual({});
  });

  it("keeps the quantity between 1 and 100", () => {
    expect(issues({ quantity: 0 }).quantity).toBeDefined();
    expect(issues({ quantity: 101 }).quantity).toBeDefined();
    expect(checkoutSchema.parse({ name: "A", terms: "on", quantity: "3" }).quantity).toBe(3);
  });
});
