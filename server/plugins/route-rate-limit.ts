// The per-route request limits. Every state-changing route declares its limit in its config (`rateLimit`, from
// server/http/route-limits.ts) or an exemption with a reason; a route that declares neither stops the server at
// start-up, so a new public POST cannot ship without one. Each request to a limited route uses one point of its
// limit, counted per user (logged in) or per client address, in the database's limiter store so that every process
// shares the counts. Past the limit: 429 with Retry-After and the spec's message in the school's language.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "#core/errors.ts";
import type { RouteLimit, RouteLimitExemption } from "../http/route-limits.ts";
import { limitedAddress } from "../http/client-address.ts";
import { refererTarget, wantsJson } from "../http/respond.ts";
import { sameOrigin } from "./csrf-guard.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** the route's request limit, or why it has none (server/http/route-limits.ts) */
    rateLimit?: RouteLimit | RouteLimitExemption;
  }
  interface FastifyInstance {
    /** every state-changing route with what it declared, in registration order (for the start-up log and tests) */
    routeLimitTable: DeclaredRouteLimit[];
  }
}

export type DeclaredRouteLimit = {
  method: string;
  url: string;
  rateLimit: RouteLimit | RouteLimitExemption | "read-only";
};

/** What the hook needs of a limiter: consume() resolves, or rejects with {msBeforeNext} past the limit. */
export type RouteLimiter = { consume(key: string): Promise<unknown> };

export type RouteRateLimitOptions = {
  /** every limit a route may declare; one limiter is made for each at start-up */
  limits: readonly RouteLimit[];
  /** multiplies every limit's points; 0 switches the limits off (the declarations are still required) */
  scale: number;
  createLimiter(options: {
    keyPrefix: string;
    points: number;
    duration: number;
    inMemoryBlockOnConsumed: number;
  }): Promise<RouteLimiter>;
};

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * What a state-changing route declares (undefined for a route that changes nothing); throws when it declares neither
 * a known limit nor an exemption with its reason.
 */
export function routeDeclaredLimit(
  route: RouteOptions,
  known: ReadonlyMap<string, RouteLimit>,
): DeclaredRouteLimit | undefined {
  const methods = [route.method].flat().map((method) => method.toUpperCase());
  if (!methods.some((method) => STATE_CHANGING.has(method))) return undefined;
  const method = methods.join(",");
  // A POST that only reads says so already (it may use the session lookup of the last second).
  if (route.config?.readOnly === true) return { method, url: route.url, rateLimit: "read-only" };
  const where = `${method} ${route.url}`;
  const declared = route.config?.rateLimit;
  if (!declared) {
    throw new Error(`${where} declares no rate limit: give it config.rateLimit from server/http/route-limits.ts`);
  }
  if ("exempt" in declared) {
    if (!declared.exempt.trim()) throw new Error(`${where} is exempt from rate limits without a reason`);
  } else if (known.get(declared.name) !== declared) {
    throw new Error(`${where} declares a rate limit that is not in server/http/route-limits.ts: ${declared.name}`);
  }
  return { method, url: route.url, rateLimit: declared };
}

function limitedBy(request: FastifyRequest, limit: RouteLimit): string {
  const user = limit.by === "user" ? request.ctx?.user : null;
  return user ? `user:${user.id}` : `ip:${limitedAddress(request.ctx?.ip ?? request.ip)}`;
}

/** A plain form goes back to its page with the error, as server/http/respond.ts `handle` does. */
function sendFormBack(request: FastifyRequest, reply: FastifyReply, seconds: number) {
  const back = new URL(refererTarget(request, "/"), "http://x");
  back.searchParams.delete("sent");
  back.searchParams.set("error", "errors:throttled_later");
  reply.header("Retry-After", String(seconds)).redirect(back.pathname + back.search, 303);
}

export const routeRateLimitPlugin = fp(async (app: FastifyInstance, options: RouteRateLimitOptions) => {
  const known = new Map(options.limits.map((limit) => [limit.name, limit]));
  const table: DeclaredRouteLimit[] = [];
  app.decorate("routeLimitTable", table);
  app.addHook("onRoute", (route) => {
    const declared = routeDeclaredLimit(route, known);
    if (declared) table.push(declared);
  });
  if (options.scale === 0) return;

  const limiters = new Map<string, RouteLimiter>();
  for (const limit of known.values()) {
    const points = Math.max(1, Math.round(limit.points * options.scale));
    const limiter = await options.createLimiter({
      keyPrefix: `route_${limit.name}`,
      points,
      duration: limit.duration,
      // A key past its limit is refused from memory until its window ends: no database write per refused request.
      inMemoryBlockOnConsumed: points,
    });
    limiters.set(limit.name, limiter);
  }

  // onRequest: after the request context (it knows the user), before the body is read or any work is done.
  // A plain hook, so a request to a route without a limit (every GET) pays no promise for it.
  app.addHook("onRequest", (request, reply, done) => {
    const limit = request.routeOptions.config?.rateLimit;
    if (!limit || "exempt" in limit) return done();
    // A browser post from another site is refused by the CSRF guard (419) and not counted: otherwise a foreign page
    // could spend its visitors' counts (and their whole network's) on registration or login.
    if (request.routeOptions.config.csrf !== false && !sameOrigin(request)) return done();
    limiters
      .get(limit.name)!
      .consume(limitedBy(request, limit))
      .then(
        () => done(),
        (rejection: unknown) => {
          if (rejection instanceof Error) return done(rejection);
          const ms = (rejection as { msBeforeNext?: number }).msBeforeNext ?? 1000;
          const seconds = Math.max(1, Math.ceil(ms / 1000));
          if (!wantsJson(request)) return sendFormBack(request, reply, seconds);
          done(new AppError("throttled", { values: { seconds }, retryAfterSeconds: seconds }));
        },
      );
  });
});
