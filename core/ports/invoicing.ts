// The one interface every invoicing service implements (the selling issue, item 7). Core code (the invoice.issue
// job, core/invoices/) knows only this; the adapters (ifirma.ts, fakturownia.ts) are built from an integration's
// decrypted settings by registry.ts. Protocol facts: ../shared/INTEGRATIONS.md, "Invoicing".

export type InvoiceBuyer = {
  /** the person who paid */
  name: string;
  email: string;
  /** empty for a private person */
  companyName: string;
  vatNumber: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-2 */
  country: string;
};

export type InvoiceLine = {
  name: string;
  quantity: number;
  /** gross (VAT included) price of one unit, in cents */
  unitGrossCents: number;
  /** percent, e.g. 23 */
  vatRate: number;
};

export type InvoiceInput = {
  /** our order id: printed on the invoice as the order number */
  transactionHash: string;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  currency: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** YYYY-MM-DD, the day of the payment */
  sellDate: string;
  /** the same for every attempt of one invoice: where the service supports it, a repeat creates no second invoice */
  idempotencyKey: string;
};

export type IssuedInvoice = {
  /** the invoice's number as printed, e.g. "FV 12/2026" */
  number: string;
  /** the service's id of the invoice */
  externalId: string;
  /** where the PDF is: a public link (Fakturownia's token link) or the API address that needs our credentials */
  pdfUrl: string;
};

/** How the buyer gets the PDF: a redirect to a public link, or the bytes fetched with our credentials. */
export type InvoicePdf = { redirect: string } | { body: Buffer; contentType: string };

export interface InvoicingProvider {
  readonly name: "ifirma" | "fakturownia";
  issueInvoice(input: InvoiceInput): Promise<IssuedInvoice>;
  openPdf(invoice: { externalId: string; pdfUrl: string }): Promise<InvoicePdf>;
}

/** Thrown by adapters when the service refuses or cannot be reached; the message is safe to store and log. */
export class InvoicingProviderError extends Error {
  readonly provider: string;
  /** the service's code (iFirma's Kod, Fakturownia's HTTP status), when it gave one */
  readonly code: number | undefined;
  constructor(provider: string, message: string, code?: number) {
    super(`${provider}: ${message}`);
    this.name = "InvoicingProviderError";
    this.provider = provider;
    this.code = code;
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Every call to a service ends within this time: a hung connection must not hold a job forever. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** Builds the adapter of an enabled invoicing integration from its decrypted settings (the composition root's). */
export type InvoicingProviderFactory = (provider: string, settings: Record<string, string>) => InvoicingProvider;
