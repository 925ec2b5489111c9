// The audit log's one writer (issue 18, item 4; decision 0044): every successful state-changing request (POST,
// PUT, PATCH, DELETE) of an admin or a moderator is recorded once its answer has gone, from the actor the request
// context resolved, so no route can forget it and none has to call it. "Successful": an answer under 400 that no
// use-case refused (a plain form's refusal is a 303 back to the form, marked by server/http/respond.ts). A write
// that fails to be recorded is logged, never turned into an error for a request that has already been answered.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isStaff } from "#core/shared/actor.ts";
import { recordTeamAction } from "#core/team/record-team-action.ts";
import type { Services } from "../services.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** set when a use-case refused the call but the answer is a redirect (a plain form sent back with its error) */
    refused: boolean;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// Writes that are not the school's data, each with its reason.
const NOT_AUDITED = new Set([
  // the caller's own session
  "/login",
  "/logout",
  // a video's bytes in chunks (the upload itself is recorded by its POST /tus/videos)
  "/tus/videos/:id",
]);

/** Whether this answered request is one the audit log keeps. */
export function isAudited(request: FastifyRequest, status: number): boolean {
  if (!STATE_CHANGING.has(request.method) || status >= 400 || request.refused) return false;
  const route = request.routeOptions.url;
  if (!route || route === "/*" || NOT_AUDITED.has(route)) return false;
  return Boolean(request.ctx) && isStaff(request.ctx.actor);
}

export const auditTrailPlugin = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  app.decorateRequest("refused", false);
  app.addHook("onResponse", async (request, reply) => {
    if (!isAudited(request, reply.statusCode)) return;
    const actor = request.ctx.actor as { userId: number };
    try {
      await recordTeamAction(services.db, {
        userId: actor.userId,
        method: request.method,
        route: request.routeOptions.url!,
        params: (request.params ?? {}) as Record<string, unknown>,
        body: request.body,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, "audit log write failed");
    }
  });
});
