// Leads (issue 16, item 4). Thin: parse, call one use-case from core/leads/, shape.
// - POST /lead {form_id, page, <field name>: value...} -> {status, redirect_to} (spec §7): a visitor leaves a lead;
//   422 per field (spec §5), 10 an hour per address;
// - POST /leads/confirm/{token}: the double opt-in's button (a plain form: a 303 back to the page);
// - POST /home/leads/forms, /home/leads/forms/{id}: the admin's lead forms (JSON); DELETE /home/leads/forms/{id}
//   deletes one with its leads (409 while a page shows it);
// - POST /home/leads/{id}/delete: a lead deleted on request (JSON, or a plain form: a 303 back to the list);
// - POST /home/leads/export {form_id?, tag?}: the leads as CSV, one export per admin per minute (429 with
//   Retry-After; a plain form comes back to the list saying why).
// Every call needs the CSRF token (csrf-guard); a page served from the page cache gets it from GET /csrf-token.
import type { FastifyInstance } from "fastify";
import { confirmLead } from "#core/leads/confirm-lead.ts";
import { deleteLead } from "#core/leads/delete-lead.ts";
import { deleteLeadForm } from "#core/leads/delete-lead-form.ts";
import { exportLeadsCsv } from "#core/leads/export-leads.ts";
import { createLeadForm, updateLeadForm } from "#core/leads/save-lead-form.ts";
import { submitLead } from "#core/leads/submit-lead.ts";
import { isAppError } from "#core/errors.ts";
import { createExportThrottle } from "#core/shared/export-throttle.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import type { Services } from "../services.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const LIST = "/home/leads";
type Params = { id: string };

export async function leadRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;
  const appUrl = services.config.APP_URL;
  // Its own count (prefix), the transactions' message: 'You can only make one export per minute'.
  const exportThrottle = createExportThrottle(
    await createLimiter(services.handle, { keyPrefix: "leads_export", points: 1, duration: 60 }),
  );

  app.post("/lead", limited(routeLimits.lead), async (request) =>
    submitLead(db, request.ctx.actor, request.body ?? {}, { ip: request.ip, appUrl }),
  );
  app.post<{ Params: { token: string } }>(
    "/leads/confirm/:token",
    limited(routeLimits.leadConfirm),
    (request, reply) => {
      const page = `/leads/confirm/${encodeURIComponent(request.params.token)}`;
      return handle(
        request,
        reply,
        async () => ({ json: await confirmLead(db, request.ctx.actor, request.params.token), redirect: page }),
        page,
      );
    },
  );

  app.post(`${LIST}/forms`, staff, async (request) => ({
    form: await createLeadForm(db, request.ctx.actor, request.body),
  }));
  app.post<{ Params: Params }>(`${LIST}/forms/:id`, staff, async (request) => ({
    form: await updateLeadForm(db, request.ctx.actor, request.params.id, request.body),
  }));
  app.delete<{ Params: Params }>(`${LIST}/forms/:id`, staff, async (request) => ({
    ok: true,
    ...(await deleteLeadForm(db, request.ctx.actor, request.params.id)),
  }));
  app.post<{ Params: Params }>(`${LIST}/:id/delete`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: { ok: true, ...(await deleteLead(db, request.ctx.actor, request.params.id)) },
        redirect: LIST,
      }),
      LIST,
    ),
  );
  app.post(`${LIST}/export`, staff, async (request, reply) => {
    const filter = (request.body ?? {}) as Record<string, unknown>;
    try {
      const { csv, filename } = await exportLeadsCsv(db, request.ctx.actor, filter, exportThrottle);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    } catch (error) {
      if (wantsJson(request) || !isAppError(error) || error.code !== "throttled") throw error;
      // The plain form: back to the list with its filters, saying why.
      const query = new URLSearchParams({
        form_id: String(filter.form_id ?? ""),
        tag: String(filter.tag ?? ""),
        error: error.messageKey,
      });
      return reply.redirect(`${LIST}?${query.toString()}`, 303);
    }
  });
}
