// Resolves, once per request, the school, the session's user, the language and the CSRF token.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { findSession } from "#core/accounts/sessions.ts";
import { getSchool } from "#core/school/get-school.ts";
import type { Lang } from "#platform/i18n/index.ts";
import type { RequestContext } from "../page-context.ts";
import type { Services } from "../services.ts";
import { clearCookie, cookieNames, isSecureRequest, setCookie } from "../http/cookies.ts";
import { csrfBinding, csrfTokenFor } from "../http/csrf.ts";

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
    /** the binding the CSRF token of this request must match */
    csrfBindingValue: string | undefined;
  }
}

/** Before setup there is no school language: follow the browser. */
function browserLanguage(request: FastifyRequest): Lang {
  const header = String(request.headers["accept-language"] ?? "");
  return /^\s*pl\b/i.test(header) ? "pl" : "en";
}

export function baseUrlOf(request: FastifyRequest, services: Services): string {
  return services.config.APP_URL?.replace(/\/$/, "") ?? `${request.protocol}://${request.host}`;
}

export const requestContextPlugin = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  app.decorateRequest("ctx", null as unknown as RequestContext);
  app.decorateRequest("csrfBindingValue", undefined);

  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/assets/")) return;
    const secure = isSecureRequest(request, services.config);
    const names = cookieNames(secure);
    const school = await getSchool(services.db);

    let user: RequestContext["user"] = null;
    let sessionId: string | undefined;
    let sessionExpired = false;
    const sessionToken = request.cookies[names.session];
    if (sessionToken) {
      const found = await findSession(services.db, sessionToken, { days: services.config.SESSION_DAYS });
      if (found) {
        user = found.user;
        sessionId = found.session.id;
      } else {
        sessionExpired = true;
        clearCookie(reply, names.session, secure);
      }
    }

    let anonymousId = request.cookies[names.csrf];
    if (!anonymousId && !sessionId) {
      anonymousId = randomBytes(24).toString("base64url");
      setCookie(reply, names.csrf, anonymousId, { secure, maxAgeSeconds: 60 * 60 * 24 * 365 });
    }
    const binding = csrfBinding(sessionId, anonymousId);
    request.csrfBindingValue = binding;
    let csrfToken: string | undefined;
    request.ctx = {
      school,
      lang: school ? (school.language as Lang) : browserLanguage(request),
      user,
      sessionId,
      sessionExpired,
      // Computed on first use: pages need it, most JSON calls do not.
      get csrfToken() {
        csrfToken ??= binding ? csrfTokenFor(services.secret, binding) : "";
        return csrfToken;
      },
      get nonce() {
        return reply.cspNonce;
      },
      ip: request.ip,
      userAgent: String(request.headers["user-agent"] ?? ""),
      baseUrl: baseUrlOf(request, services),
    };
  });
});
