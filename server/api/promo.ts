// Promo and affiliate codes in the admin area (the selling issue, item 3). Admins only (401 / 403 otherwise):
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
import { idParam } from "#core/shared/ids.ts";
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
import { requireAdmin } from "./school.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PROMO_PAGE = "/home/promo-codes";
const AFFILIATES_PAGE = "/home/affiliates";

type IdParams = { Params: { id: string } };

function idOf(request: FastifyRequest<IdParams>): number {
  return idParam(request.params.id);
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
    requireAdmin(request);
    const [promoCodes, scopeOptions] = await Promise.all([listPromoCodes(db), listScopeOptions(db)]);
    return { promo_codes: promoCodes, scope_options: scopeOptions };
  });

  app.post(PROMO_PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        requireAdmin(request);
        const promoCode = await createPromoCode(db, promoInput(request));
        return {
          json: { promo_code: promoCode },
          redirect: `${PROMO_PAGE}?saved=${encodeURIComponent(promoCode.code)}`,
        };
      },
      `${PROMO_PAGE}/new`,
    ),
  );

  const updatePromo = (request: FastifyRequest<IdParams>) => async () => {
    requireAdmin(request);
    const promoCode = await updatePromoCode(db, idOf(request), promoInput(request));
    return { json: { promo_code: promoCode }, redirect: `${PROMO_PAGE}?saved=${encodeURIComponent(promoCode.code)}` };
  };
  app.put<IdParams>(`${PROMO_PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, updatePromo(request), `${PROMO_PAGE}/${encodeURIComponent(request.params.id)}`),
  );
  app.post<IdParams>(`${PROMO_PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, updatePromo(request), `${PROMO_PAGE}/${encodeURIComponent(request.params.id)}`),
  );

  const removePromo = (request: FastifyRequest<IdParams>) => async () => {
    requireAdmin(request);
    const outcome = await deletePromoCode(db, idOf(request));
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
    requireAdmin(request);
    return { affiliates: await listAffiliateCodes(db) };
  });

  // Digits only: a client-side navigation's data request (/home/affiliates/new.data, /home/affiliates/5.data)
  // asks for JSON too, and must reach the pages.
  app.get<IdParams>(`${AFFILIATES_PAGE}/:id(^\\d+$)`, jsonCallsOnly(app), async (request) => {
    requireAdmin(request);
    const report = await getAffiliateReport(db, idOf(request));
    if (!report) throw new AppError("not_found");
    return report;
  });

  app.post(AFFILIATES_PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        requireAdmin(request);
        const affiliate = await createAffiliateCode(db, affiliateInput(request));
        return { json: { affiliate }, redirect: `${AFFILIATES_PAGE}/${affiliate.id}?saved=1` };
      },
      `${AFFILIATES_PAGE}/new`,
    ),
  );

  const updateAffiliate = (request: FastifyRequest<IdParams>) => async () => {
    requireAdmin(request);
    const affiliate = await updateAffiliateCode(db, idOf(request), affiliateInput(request));
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
          requireAdmin(request);
          const affiliate = await setAffiliateCodeActive(db, idOf(request), active);
          return { json: { affiliate }, redirect: `${AFFILIATES_PAGE}/${affiliate.id}` };
        },
        AFFILIATES_PAGE,
      ),
    );
  }
}
