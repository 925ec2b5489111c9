// What goes on an invoice for one transaction: the buyer from the transaction's invoice details, the lines that
// add up exactly to what was paid (gross, VAT included), and the dates. Pure: unit-tested on its own.
import type { InvoiceDetails } from "#core/selling/checkout-schema.ts";
import type { InvoiceBuyer, InvoiceLine } from "#core/ports/invoicing.ts";

/** The transaction's `invoice` column (JSON) as details, or null when the buyer asked for none (or it is unusable). */
export function parseInvoiceDetails(text: string | null): InvoiceDetails | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const field = (name: string) => (typeof record[name] === "string" ? (record[name] as string).trim() : "");
  const details: InvoiceDetails = {
    company_name: field("company_name"),
    vat_number: field("vat_number"),
    street: field("street"),
    postal_code: field("postal_code"),
    city: field("city"),
    country: field("country").toUpperCase() || "PL",
  };
  return details.company_name || details.street || details.city ? details : null;
}

export function invoiceBuyer(details: InvoiceDetails, buyer: { name: string; email: string }): InvoiceBuyer {
  return {
    name: buyer.name,
    email: buyer.email,
    companyName: details.company_name,
    vatNumber: details.vat_number,
    street: details.street,
    postalCode: details.postal_code,
    city: details.city,
    country: details.country,
  };
}

/**
 * The lines of one purchase. The buyer paid total_cents for `quantity` units (a discount already taken off); the
 * invoice shows what was paid. When the total does not divide evenly, one unit carries the remainder, so the sum is
 * exact to the cent.
 */
export function invoiceLines(sale: {
  title: string;
  quantity: number;
  totalCents: number;
  vatRate: number;
}): InvoiceLine[] {
  const quantity = Math.max(1, Math.trunc(sale.quantity));
  const unit = Math.floor(sale.totalCents / quantity);
  const remainder = sale.totalCents - unit * quantity;
  const line = (count: number, unitGrossCents: number): InvoiceLine => ({
    name: sale.title,
    quantity: count,
    unitGrossCents,
    vatRate: sale.vatRate,
  });
  if (remainder === 0) return [line(quantity, unit)];
  return [...(quantity > 1 ? [line(quantity - 1, unit)] : []), line(1, unit + remainder)];
}

/**
 * A calendar day (YYYY-MM-DD) in Poland's time zone: both invoicing services are Polish and date invoices by the
 * Polish calendar (a payment at 23:30 UTC on 31 December belongs to 1 January there).
 */
export function invoiceDate(iso: string | Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Warsaw",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(typeof iso === "string" ? new Date(iso) : iso);
}
