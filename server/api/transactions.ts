// The admin's transactions (spec §4 "Access can be granted or denied with a reason", §8, §9):
// - POST /home/transactions/{id}/grant {reason} and /deny {reason}: access by hand, with the reason kept;
// - POST /home/transactions/{id}/refund {amount, reason, revoke_access}: a refund recorded (no provider call);
// - POST /home/transactions/export {filters}: the filtered list as CSV, one export per admin per minute
//   ('You can only make one export per minute', 429 with Retry-After).
// Each is also the page's plain form (303 back to the page, with ?error= on a refusal). The pages themselves
// (/home/transactions, /sales, /{id}) read through their loaders.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, isAppError } from "#core/errors.ts";
import { denyTransactionAccess } from "#core/transactions/deny-transaction-access.ts";
import { createExportThrottle } from "#core/transactions/export-throttle.ts";
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
import { requireAdmin } from "./school.ts";
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
    grant: (id: number, request: IdRequest) => grantTransactionAccess(db, { transactionId: id, hooks }, request.body),
    deny: (id: number, request: IdRequest) => denyTransactionAccess(db, { transactionId: id }, request.body),
    refund: (id: number, request: IdRequest) =>
      recordRefund(db, { transactionId: id, lang: request.ctx.lang }, request.body),
  };

  for (const [action, run] of Object.entries(actions)) {
    app.post(`/home/transactions/:id/${action}`, staff, (request: IdRequest, reply) => {
      const id = idFromText(request.params.id) ?? 0;
      const page = `/home/transactions/${id}`;
      return handle(
        request,
        reply,
        async () => {
          requireAdmin(request);
          if (!id) throw new AppError("not_found");
          await run(id, request);
          return { json: { ok: true }, redirect: `${page}?done=${action}` };
        },
        page,
      );
    });
  }

  app.post("/home/transactions/export", staff, async (request: FastifyRequest, reply: FastifyReply) => {
    const filters = filtersFrom((request.body ?? {}) as Record<string, unknown>);
    try {
      const admin = requireAdmin(request);
      await exportThrottle.take(admin.id);
      const csv = await exportTransactionsCsv(db, filters);
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
