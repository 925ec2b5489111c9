// GET /my/invoices/:id/pdf (and /my/membership/invoices/:id/pdf for membership charges): the buyer's own invoice
// only (someone else's id answers 404, like a missing one). The PDF comes from the service that issued it: a redirect to its public link (Fakturownia), or the bytes fetched
// with the school's credentials (iFirma, whose PDFs need a signed request), so no secret reaches the browser.
import { AppError } from "#core/errors.ts";
import { getIntegrationSettings } from "#core/integrations/get-integration-settings.ts";
import type { Db } from "#platform/db/connection.ts";
import type { InvoicePdf } from "#core/ports/invoicing.ts";
import type { InvoicingProviderFactory } from "#core/ports/invoicing.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canSeeOwnInvoices } from "./policies.ts";

type PdfDeps = { db: Db; secret: Buffer; providerFor: InvoicingProviderFactory };
type InvoiceRow = {
  provider: string;
  status: string;
  number: string | null;
  external_id: string | null;
  pdf_url: string | null;
};

export async function openInvoicePdf(
  deps: PdfDeps,
  actor: Actor,
  options: { invoiceId: unknown },
): Promise<{ pdf: InvoicePdf; number: string }> {
  const { userId } = authorizeUser(actor, canSeeOwnInvoices(actor));
  const invoiceId = pathId(options.invoiceId);
  const invoice = await deps.db
    .selectFrom("invoices as i")
    .innerJoin("transactions as t", "t.id", "i.transaction_id")
    .select(["i.provider", "i.status", "i.number", "i.external_id", "i.pdf_url"])
    .where("i.id", "=", invoiceId)
    .where("t.user_id", "=", userId)
    .executeTakeFirst();
  return openPdfOf(deps, invoice);
}

/** GET /my/membership/invoices/:id/pdf: the member's own membership invoice only (404 for anyone else's). */
export async function openMembershipInvoicePdf(
  deps: PdfDeps,
  actor: Actor,
  options: { invoiceId: unknown },
): Promise<{ pdf: InvoicePdf; number: string }> {
  const { userId } = authorizeUser(actor, canSeeOwnInvoices(actor));
  const invoiceId = pathId(options.invoiceId);
  const invoice = await deps.db
    .selectFrom("membership_invoices as i")
    .innerJoin("membership_charges as c", "c.id", "i.charge_id")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .select(["i.provider", "i.status", "i.number", "i.external_id", "i.pdf_url"])
    .where("i.id", "=", invoiceId)
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
  return openPdfOf(deps, invoice);
}

async function openPdfOf(deps: PdfDeps, invoice: InvoiceRow | undefined): Promise<{ pdf: InvoicePdf; number: string }> {
  if (!invoice || invoice.status !== "issued" || !invoice.external_id || !invoice.pdf_url)
    throw new AppError("not_found");
  const integration = await getIntegrationSettings(deps.db, deps.secret, invoice.provider);
  // The integration was removed since: its PDFs cannot be fetched any more.
  if (!integration) throw new AppError("unavailable");
  const adapter = deps.providerFor(invoice.provider, integration.settings);
  const pdf = await adapter.openPdf({ externalId: invoice.external_id, pdfUrl: invoice.pdf_url });
  return { pdf, number: invoice.number ?? invoice.external_id };
}
