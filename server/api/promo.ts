// Promo and affiliate codes in the admin area (the selling issue, item 3). Admins only (401 / 403 otherwise: core's
// promo policy, asked by each use-case with the request's actor):
// - GET /home/promo-codes: every promo code and the products a code can be limited to (also the page's address);
// - POST /home/promo-codes, PUT /home/promo-codes/:id: create or change a code (422 field errors, 'Code has to be
//   unique' under code, the end date not before the start date);
// - DELETE /home/promo-codes/:id: delete it, or, when transactions used it, end it now -> {outcome, message};
// - GET /home/affiliates: every affiliate code with its sales; GET /home/affiliates/:id: one code's report;
// - POST /home/affiliates, PUT /home/affiliates/:id; POST /home/affiliates/:id/activate | /deactivate.
// The pages' plain forms (before hydration) post to the same paths: POST /home/promo-codes/:id updates,
// POST /home/promo-codes/:id/delete deletes; their fields are text and become the JSON shape in core/promo.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "#core/errors.ts";
import { getAffiliateReport, listAffiliateCodes } from "#core/promo/affiliate-report.ts";
import { deletePromoCode } from "#core/promo/delete-promo-code.ts";
import { affiliateCodeBody, promoCodeBody } from "#core/promo/form-input.ts";
import { listPromoCodes } from "#core/promo/list-promo-codes.ts";
import { listScopeOptions } from "#core/promo/list-scope-options.ts";
import { createAffiliateCode, setAffiliateCodeActive, updateAffiliateCode } from "#core/promo/save-affiliate-code.ts";
import { createPromoCode, updatePromoCode } from "#core/promo/save-promo-code.ts";
import { translator } from "#platform/i18n/index.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PROMO_PAGE = "/home/promo-codes";
const AFFILIATES_PAGE = "/home/affiliates";

type IdParams = { Params: { id: string } };

/** The path's id as it came: the use-case refuses first (401 / 403), then parses it (404). */
function idOf(request: FastifyRequest<IdParams>): string {
  return request.params.id;
}

function body(request: FastifyRequest): Record<string, unknown> {
  return (request.body ?? {}) as Record<string, unknown>;
}

/** A plain form sends text fields: money and whole numbers become the JSON call's shape. */
function promoInput(request: FastifyRequest): unknown {
  return wantsJson(request) ? body(request) : promoCodeBody(body(request));
}

function affiliateInput(request: FastifyRequest): unknown {
  return wantsJson(request) ? body(request) : affiliateCodeBody(body(request));
}

export async function promoRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  // Promo codes

  app.get(PROMO_PAGE, jsonCallsOnly(app), async (request) => {
    const [promoCodes, scopeOptions] = await Promise.all([
      listPromoCodes(db, request.ctx.actor),
      listScopeOptions(db, request.ctx.actor),
    ]);
    return { promo_codes: promoCodes, scope_options: scopeOptions };
  });

  app.post(PROMO_PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const promoCode = await createPromoCode(db, request.ctx.actor, promoInput(request));
        return {
          json: { promo_code: promoCode },
          redirect: `${PROMO_PAGE}?saved=${encodeURIComponent(promoCode.code)}`,
        };
      },
      `${PROMO_PAGE}/new`,
    ),
  );

  const updatePromo = (request: FastifyRequest<IdParams>) => async () => {
    const promoCode = await updatePromoCode(db, request.ctx.actor, idOf(request), promoInput(request));
    return { json: { promo_code: promoCode }, redirect: `${PROMO_PAGE}?saved=${encodeURIComponent(promoCode.code)}` };
  };
  app.put<IdParams>(`${PROMO_PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, updatePromo(request), `${PROMO_PAGE}/${encodeURIComponent(request.params.id)}`),
  );
  app.post<IdParams>(`${PROMO_PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, updatePromo(request), `${PROMO_PAGE}/${encodeURIComponent(request.params.id)}`),
  );

  const removePromo = (request: FastifyRequest<IdParams>) => async () => {
    const outcome = await deletePromoCode(db, request.ctx.actor, idOf(request));
    const message = translator(request.ctx.lang)(outcome === "deleted" ? "promo:deleted" : "promo:deactivated_instead");
    return { json: { outcome, message }, redirect: `${PROMO_PAGE}?removed=${outcome}` };
  };
  app.delete<IdParams>(`${PROMO_PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, removePromo(request), PROMO_PAGE),
  );
  app.post<IdParams>(`${PROMO_PAGE}/:id/delete`, staff, (request, reply) =>
    handle(request, reply, removePromo(request), PROMO_PAGE),
  );

  // Affiliate codes

  app.get(AFFILIATES_PAGE, jsonCallsOnly(app), async (request) => {
    return { affiliates: await listAffiliateCodes(db, request.ctx.actor) };
  });

  // Digits only: a client-side navigation's data request (/home/affiliates/new.data, /home/affiliates/5.data)
  // asks for JSON too, and must reach the pages.
  app.get<IdParams>(`${AFFILIATES_PAGE}/:id(^\\d+$)`, jsonCallsOnly(app), async (request) => {
    const report = await getAffiliateReport(db, request.ctx.actor, idOf(request));
    if (!report) throw new AppError("not_found");
    return report;
  });

  app.post(AFFILIATES_PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const affiliate = await createAffiliateCode(db, request.ctx.actor, affiliateInput(request));
        return { json: { affiliate }, redirect: `${AFFILIATES_PAGE}/${affiliate.id}?saved=1` };
      },
      `${AFFILIATES_PAGE}/new`,
    ),
  );

  const updateAffiliate = (request: FastifyRequest<IdParams>) => async () => {
    const affiliate = await updateAffiliateCode(db, request.ctx.actor, idOf(request), affiliateInput(request));
    return { json: { affiliate }, redirect: `${AFFILIATES_PAGE}/${affiliate.id}?saved=1` };
  };
  app.put<IdParams>(`${AFFILIATES_PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, updateAffiliate(request), `${AFFILIATES_PAGE}/${encodeURIComponent(request.params.id)}`),
  );
  app.post<IdParams>(`${AFFILIATES_PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, updateAffiliate(request), `${AFFILIATES_PAGE}/${encodeURIComponent(request.params.id)}`),
  );

  for (const [action, active] of [
    ["activate", true],
    ["deactivate", false],
  ] as const) {
    app.post<IdParams>(`${AFFILIATES_PAGE}/:id/${action}`, staff, (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          const affiliate = await setAffiliateCodeActive(db, request.ctx.actor, idOf(request), active);
          return { json: { affiliate }, redirect: `${AFFILIATES_PAGE}/${affiliate.id}` };
        },
        AFFILIATES_PAGE,
      ),
    );
  }
}
