// The admin's transactions (spec §4 "Access can be granted or denied with a reason", §8, §9):
// - POST /home/transactions/{id}/grant {reason} and /deny {reason}: access by hand, with the reason kept;
// - POST /home/transactions/{id}/refund {amount, reason, revoke_access}: a refund recorded (no provider call);
// - POST /home/transactions/export {filters}: the filtered list as CSV, one export per admin per minute
//   ('You can only make one export per minute', 429 with Retry-After).
// Each is also the page's plain form (303 back to the page, with ?error= on a refusal). The pages themselves
// (/home/transactions, /sales, /{id}) read through their loaders.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isAppError } from "#core/errors.ts";
import { denyTransactionAccess } from "#core/transactions/deny-transaction-access.ts";
import { createExportThrottle } from "#core/shared/export-throttle.ts";
import { exportFileName, exportTransactionsCsv } from "#core/transactions/export-transactions.ts";
import { grantTransactionAccess } from "#core/transactions/grant-transaction-access.ts";
import { recordRefund } from "#core/transactions/record-refund.ts";
import { idFromText } from "#core/shared/ids.ts";
import { filtersFrom, filtersQuery } from "#core/transactions/schemas.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import type { Services } from "../services.ts";
import { sendError } from "../http/errors.ts";
import { handle, refererTarget, wantsJson } from "../http/respond.ts";
import { completionHooks } from "../payments.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export async function transactionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;
  const hooks = completionHooks(services);
  const exportThrottle = createExportThrottle(
    await createLimiter(services.handle, { keyPrefix: "transactions_export", points: 1, duration: 60 }),
  );

  const actions = {
    grant: (id: string, request: IdRequest) =>
      grantTransactionAccess(db, request.ctx.actor, { transactionId: id, hooks }, request.body),
    deny: (id: string, request: IdRequest) =>
      denyTransactionAccess(db, request.ctx.actor, { transactionId: id }, request.body),
    refund: (id: string, request: IdRequest) =>
      recordRefund(db, request.ctx.actor, { transactionId: id, lang: request.ctx.lang }, request.body),
  };

  for (const [action, run] of Object.entries(actions)) {
    app.post(`/home/transactions/:id/${action}`, staff, (request: IdRequest, reply) => {
      // The page to go back to (a plain form); the use-case refuses first (401 / 403), then parses the id (404).
      const page = `/home/transactions/${idFromText(request.params.id) ?? 0}`;
      return handle(
        request,
        reply,
        async () => {
          await run(request.params.id, request);
          return { json: { ok: true }, redirect: `${page}?done=${action}` };
        },
        page,
      );
    });
  }

  app.post("/home/transactions/export", staff, async (request: FastifyRequest, reply: FastifyReply) => {
    const filters = filtersFrom((request.body ?? {}) as Record<string, unknown>);
    try {
      const csv = await exportTransactionsCsv(db, request.ctx.actor, filters, exportThrottle);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${exportFileName()}"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    } catch (error) {
      if (wantsJson(request) || !isAppError(error)) return sendError(request, reply, error);
      // The plain form: back to the list it was sent from, saying why.
      const back = new URL(refererTarget(request, `/home/transactions?${filtersQuery(filters)}`), "http://x");
      back.searchParams.set("error", error.messageKey);
      return reply.redirect(back.pathname + back.search, 303);
    }
  });
}
