// GET /my/invoices/:id/pdf: the buyer's own invoice only (someone else's id answers 404, like a missing one). The
// PDF comes from the service that issued it: a redirect to its public link (Fakturownia), or the bytes fetched
// with the school's credentials (iFirma, whose PDFs need a signed request), so no secret reaches the browser.
import { AppError } from "#core/errors.ts";
import { getIntegrationSettings } from "#core/integrations/get-integration-settings.ts";
import type { Db } from "#platform/db/connection.ts";
import type { InvoicePdf } from "#core/ports/invoicing.ts";
import type { InvoicingProviderFactory } from "#core/ports/invoicing.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canSeeOwnInvoices } from "./policies.ts";

export async function openInvoicePdf(
  deps: { db: Db; secret: Buffer; providerFor: InvoicingProviderFactory },
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
  if (!invoice || invoice.status !== "issued" || !invoice.external_id || !invoice.pdf_url)
    throw new AppError("not_found");
  const integration = await getIntegrationSettings(deps.db, deps.secret, invoice.provider);
  // The integration was removed since: its PDFs cannot be fetched any more.
  if (!integration) throw new AppError("unavailable");
  const adapter = deps.providerFor(invoice.provider, integration.settings);
  const pdf = await adapter.openPdf({ externalId: invoice.external_id, pdfUrl: invoice.pdf_url });
  return { pdf, number: invoice.number ?? invoice.external_id };
}
