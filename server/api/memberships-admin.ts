// Membership plans in the admin area (issue 15, item 1). Admins only (401 / 403 otherwise: core's memberships
// policy, asked by each use-case with the request's actor):
// - GET /home/memberships (JSON callers; the browser gets the page): every plan with its member count;
// - POST /home/memberships: a new plan (422 field errors in the school's language);
// - GET /home/memberships/{id} (JSON callers), PUT /home/memberships/{id}: one plan with what it opens; change
//   it (sign-ups closed with signups_open 0; members keep their price). A plain form posts to the same path;
// - GET/PUT /home/memberships/retention: the school's one retention offer (none, a discount, a pause).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { getRetentionOffer, saveRetentionOffer } from "#core/memberships/admin/retention-offer.ts";
import { createPlan } from "#core/memberships/create-plan.ts";
import { getPlan } from "#core/memberships/get-plan.ts";
import { listPlans } from "#core/memberships/list-plans.ts";
import { planFormBody } from "#core/memberships/schemas.ts";
import { updatePlan } from "#core/memberships/update-plan.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PAGE = "/home/memberships";

type IdParams = { Params: { id: string } };

/** A plain form sends text fields (an unticked box not at all): they become the JSON call's shape. */
function planInput(request: FastifyRequest): unknown {
  const body = (request.body ?? {}) as Record<string, unknown>;
  return wantsJson(request) ? body : planFormBody(body);
}

export async function membershipsAdminRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.get(PAGE, jsonCallsOnly(app), async (request) => ({
    membership_plans: await listPlans(db, request.ctx.actor),
  }));

  app.post(PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const plan = await createPlan(db, request.ctx.actor, planInput(request));
        return { json: { membership_plan: plan }, redirect: `${PAGE}?saved=${plan.id}` };
      },
      `${PAGE}/new`,
    ),
  );

  // The school's one retention offer (decision 0042): GET answers it (null: none), PUT sets or removes it.
  app.get(`${PAGE}/retention`, jsonCallsOnly(app), async (request) => ({
    retention_offer: await getRetentionOffer(db, request.ctx.actor),
  }));
  app.put(`${PAGE}/retention`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: { retention_offer: await saveRetentionOffer(db, request.ctx.actor, request.body ?? {}) },
        redirect: `${PAGE}?retention=saved`,
      }),
      PAGE,
    ),
  );

  // Digits only: the editor page's own data request (/home/memberships/12.data) must fall through to the pages.
  app.get<IdParams>(`${PAGE}/:id(^\\d+$)`, jsonCallsOnly(app), async (request) => ({
    membership_plan: await getPlan(db, request.ctx.actor, request.params.id),
  }));

  const update = (request: FastifyRequest<IdParams>) => async () => {
    const plan = await updatePlan(db, request.ctx.actor, request.params.id, planInput(request));
    return { json: { membership_plan: plan }, redirect: `${PAGE}/${plan.id}?saved=1` };
  };
  const formPage = (request: FastifyRequest<IdParams>) => `${PAGE}/${encodeURIComponent(request.params.id)}`;
  app.put<IdParams>(`${PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, update(request), formPage(request)),
  );
  app.post<IdParams>(`${PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, update(request), formPage(request)),
  );
}
