// One sale as the invoice job hands it to an adapter: a company buyer, two lines that add up to 100.00 PLN.
import type { InvoiceInput } from "#core/ports/invoicing.ts";

export const sale: InvoiceInput = {
  transactionHash: "h4sh",
  buyer: {
    name: "Anna Nowak",
    email: "anna@example.com",
    companyName: "ACME sp. z o.o.",
    vatNumber: "5260250274",
    street: "Długa 1",
    postalCode: "00-950",
    city: "Warszawa",
    country: "PL",
  },
  lines: [
    { name: "Kurs", quantity: 2, unitGrossCents: 3_333, vatRate: 23 },
    { name: "Kurs", quantity: 1, unitGrossCents: 3_334, vatRate: 23 },
  ],
  currency: "PLN",
  issueDate: "2026-03-02",
  sellDate: "2026-03-01",
  idempotencyKey: "studium-h4sh",
};
