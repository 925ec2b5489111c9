// The buyer's invoice PDFs: GET /my/invoices/:id/pdf (the /my/invoices page's 'Download PDF') and a member's
// membership invoices, GET /my/membership/invoices/:id/pdf (/my/membership). Only the buyer's
// own invoice (404 otherwise, also for someone else's id); 401 without a session. Fakturownia's PDFs have a public
// link, so the answer is a redirect there; iFirma's need a signed request, so the server fetches the PDF and passes
// it on as a download. No provider credential ever reaches the browser.
import type { FastifyInstance } from "fastify";
import { AppError } from "#core/errors.ts";
import { openInvoicePdf, openMembershipInvoicePdf } from "#core/invoices/open-invoice-pdf.ts";
import { InvoicingProviderError } from "#core/ports/invoicing.ts";
import type { Services } from "../services.ts";
import { invoicingProvidersFor } from "../invoicing.ts";

function attachment(number: string): string {
  const name = `invoice-${number}.pdf`;
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function invoiceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const providerFor = invoicingProvidersFor(services.config);

  const routes = [
    ["/my/invoices/:id/pdf", openInvoicePdf],
    ["/my/membership/invoices/:id/pdf", openMembershipInvoicePdf],
  ] as const;
  for (const [url, open] of routes) {
    app.get<{ Params: { id: string } }>(url, async (request, reply) => {
      const invoiceId = request.params.id;
      let opened;
      try {
        opened = await open({ db: services.db, secret: services.secret, providerFor }, request.ctx.actor, {
          invoiceId,
        });
      } catch (error) {
        if (!(error instanceof InvoicingProviderError)) throw error;
        // The service is down or refuses: a safe line for the owner, a 503 for the buyer.
        request.log.warn({ invoice: invoiceId, error: error.message }, "invoice PDF could not be fetched");
        throw new AppError("unavailable");
      }
      reply.header("Cache-Control", "private, no-store");
      if ("redirect" in opened.pdf) return reply.redirect(opened.pdf.redirect, 302);
      return reply
        .header("Content-Type", opened.pdf.contentType)
        .header("Content-Disposition", attachment(opened.number))
        .send(opened.pdf.body);
    });
  }
}
