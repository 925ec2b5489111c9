// Members of the school's memberships in the admin area (issue 15, item 8). Admins only (401 / 403 otherwise:
// core's memberships policy, asked by each use-case with the request's actor):
// - GET /home/memberships/members (JSON callers; the browser gets the page): the filtered list, a page at a time;
// - GET /home/memberships/members/{id} (JSON callers): one membership with its history;
// - POST /home/memberships/members/{id}/extend {unit, count, reason} and /end {reason}. A plain form posts to
//   the same paths and is sent back to the member's page.
// - GET /home/memberships/figures (JSON callers): the figures shown on /home/memberships.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { endMembership } from "#core/memberships/admin/end-membership.ts";
import { extendMembership } from "#core/memberships/admin/extend-membership.ts";
import { getMember } from "#core/memberships/admin/get-member.ts";
import { getMembershipFigures } from "#core/memberships/admin/get-membership-figures.ts";
import { listMembers } from "#core/memberships/admin/list-members.ts";
import { memberFiltersFrom } from "#core/memberships/admin/schemas.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PAGE = "/home/memberships/members";

type IdParams = { Params: { id: string } };

export async function membershipMembersRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.get(PAGE, jsonCallsOnly(app), async (request) =>
    listMembers(db, request.ctx.actor, memberFiltersFrom(request.query as Record<string, unknown>)),
  );

  app.get("/home/memberships/figures", jsonCallsOnly(app), async (request) => ({
    figures: await getMembershipFigures(db, request.ctx.actor, { timeZone: request.ctx.school?.time_zone }),
  }));

  // Digits only: the member page's own data request (/home/memberships/members/12.data) falls through to the pages.
  app.get<IdParams>(`${PAGE}/:id(^\\d+$)`, jsonCallsOnly(app), async (request) =>
    getMember(db, request.ctx.actor, request.params.id),
  );

  const memberPage = (request: FastifyRequest<IdParams>) => `${PAGE}/${encodeURIComponent(request.params.id)}`;
  app.post<IdParams>(`${PAGE}/:id/extend`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const result = await extendMembership(db, request.ctx.actor, request.params.id, request.body);
        return { json: result, redirect: `${memberPage(request)}?saved=extended` };
      },
      memberPage(request),
    ),
  );
  app.post<IdParams>(`${PAGE}/:id/end`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const result = await endMembership(db, request.ctx.actor, request.params.id, request.body);
        return { json: result, redirect: `${memberPage(request)}?saved=ended` };
      },
      memberPage(request),
    ),
  );
}
