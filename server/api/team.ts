// The school's team (issue 18, item 4). Thin: parse, call one use-case from core/team/, shape. The owner only
// (403 for anyone else on the team, 401 for a visitor); every call needs the CSRF token (csrf-guard):
// - POST /home/team {name, email, role}: invite a new person (an account and an invitation mail) or promote a
//   student, as an admin or a moderator;
// - POST /home/team/{id}/role {role}: make a member an admin or a moderator;
// - POST /home/team/{id}/remove: take a member off the team (back to a student).
// Each also answers the page's plain form with a 303 back to /home/team. The pages (/home/team, /home/audit) read
// through their loaders.
import type { FastifyInstance } from "fastify";
import { idParam } from "#core/shared/ids.ts";
import { changeTeamRole, removeTeamMember } from "#core/team/change-team-role.ts";
import { inviteTeamMember } from "#core/team/invite-team-member.ts";
import type { Services } from "../services.ts";
import { invitationDepsFor } from "../plugins/request-context.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PAGE = "/home/team";

type IdParams = { Params: { id: string } };

export async function teamRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.post(PAGE, limited(routeLimits.invitation), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const deps = invitationDepsFor(request, services);
        const invited = await inviteTeamMember(db, request.ctx.actor, deps, request.body);
        return { json: invited, redirect: `${PAGE}?done=${invited.outcome}` };
      },
      PAGE,
    ),
  );

  app.post<IdParams>(`${PAGE}/:id/role`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const changed = await changeTeamRole(db, request.ctx.actor, idParam(request.params.id), request.body);
        return { json: changed, redirect: `${PAGE}?done=changed` };
      },
      PAGE,
    ),
  );

  app.post<IdParams>(`${PAGE}/:id/remove`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const removed = await removeTeamMember(db, request.ctx.actor, idParam(request.params.id));
        return { json: removed, redirect: `${PAGE}?done=removed` };
      },
      PAGE,
    ),
  );
}
