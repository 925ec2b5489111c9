// Every state-changing call must carry the CSRF token header (or, for a plain form post, a _csrf field)
// and, when the browser sends one, a same-origin Origin. Otherwise: 419, the spec's "session expired".
// Routes that other servers call (payment notifications, signed uploads) opt out with config.csrf = false.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "#core/errors.ts";
import type { Services } from "../services.ts";
import { csrfTokenMatches } from "../http/csrf.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    csrf?: boolean;
  }
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // non-browser clients and same-origin GET-less navigations send none
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

export const csrfGuardPlugin = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  // A plain (not async) hook: it never waits, so reads pay no promise for it.
  app.addHook("preHandler", (request, _reply, done) => {
    if (SAFE.has(request.method) || request.routeOptions.config?.csrf === false) return done();
    const header = request.headers["x-csrf-token"];
    const field = (request.body as Record<string, unknown> | undefined)?._csrf;
    const token = typeof header === "string" ? header : field;
    if (!sameOrigin(request) || !csrfTokenMatches(services.secret, request.csrfBindingValue, token)) {
      return done(new AppError("csrf"));
    }
    done();
  });
});
