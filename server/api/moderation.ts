// Moderation (issue 14, item 8). Thin: parse, call one use-case from core/moderation/, shape.
// - POST /json/report {type, id, reason, text}: a member reports a post, a comment or a reply (JSON, and the report
//   dialog's plain form before hydration);
// - POST /home/moderation/hide | unhide | delete | dismiss {type, id} and /pause {user_id, duration}, /lift
//   {user_id}: the admin's actions on /home/moderation (also plain forms: a 303 back to the queue).
// Every call needs the CSRF token (csrf-guard).
import type { FastifyInstance } from "fastify";
import type { Actor } from "#core/shared/actor.ts";
import { deleteItem, dismissReports, hideItem, unhideItem } from "#core/moderation/moderate-item.ts";
import { liftPostingPause, pausePosting } from "#core/moderation/posting-pause.ts";
import { reportItem } from "#core/moderation/report-item.ts";
import type { Services } from "../services.ts";
import { handle, refererTarget } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const QUEUE = "/home/moderation";

export async function moderationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.post("/json/report", limited(routeLimits.report), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const { report } = await reportItem(db, request.ctx.actor, request.body);
        return { json: { ok: true, report }, redirect: refererTarget(request, "/") };
      },
      "/",
    ),
  );

  const actions: Record<string, (actor: Actor, body: unknown) => Promise<object>> = {
    hide: (actor, body) => hideItem(db, actor, body),
    unhide: (actor, body) => unhideItem(db, actor, body),
    delete: (actor, body) => deleteItem(services, actor, body),
    dismiss: (actor, body) => dismissReports(db, actor, body),
    pause: (actor, body) => pausePosting(db, actor, body),
    lift: (actor, body) => liftPostingPause(db, actor, body),
  };
  for (const [name, run] of Object.entries(actions)) {
    app.post(`${QUEUE}/${name}`, staff, (request, reply) =>
      handle(
        request,
        reply,
        async () => ({
          json: { ok: true, ...(await run(request.ctx.actor, request.body)) },
          redirect: refererTarget(request, QUEUE),
        }),
        QUEUE,
      ),
    );
  }
}
