// Resolves, once per request, the school, the session's user, the language and the CSRF token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { findRecentSession, findSession } from "#core/accounts/sessions.ts";
import { AppError } from "#core/errors.ts";
import { actorOf } from "#core/shared/actor.ts";
import { cachedSchool, getSchool } from "#core/school/get-school.ts";
import { isAllowedHost, publicAddressOf, requirePublicAddress } from "#core/school/public-address.ts";
import { recordPublicAddress } from "#core/school/record-public-address.ts";
import type { School } from "#platform/db/schema.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { randomToken } from "#platform/random.ts";
import type { RequestContext } from "../page-context.ts";
import type { Services } from "../services.ts";
import { clearCookie, cookieNames, isSecureRequest, PRIVATE_ANSWER, setCookie } from "../http/cookies.ts";
import { csrfBinding, csrfTokenFor } from "../http/csrf.ts";

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
    /** the binding the CSRF token of this request must match */
    csrfBindingValue: string | undefined;
  }
  interface FastifyContextConfig {
    /**
     * false: the route serves anyone holding the capability in its URL and changes nothing (the payment status
     * poll), so the visitor is not looked up: no session read, no cookies set, ctx.user is null. Such a route
     * must also set csrf: false, since there is no binding to check a token against.
     */
    visitor?: false;
    /**
     * true: a POST that only reads (a list, a search), so like a GET it may use this process's session lookup of
     * the last second (core/accounts/sessions.ts). Never on a route that changes anything.
     */
    readOnly?: true;
  }
}

const ANONYMOUS_COOKIE_SECONDS = 60 * 60 * 24 * 365;

/** Before setup there is no school language: follow the browser. */
function browserLanguage(request: FastifyRequest): Lang {
  const header = String(request.headers["accept-language"] ?? "");
  return /^\s*pl\b/i.test(header) ? "pl" : "en";
}

/**
 * Where links that leave the site (e-mails, payment providers' return and notify addresses) start: APP_URL or
 * the school's recorded public address, never the request's Host header; a 503 while neither is known.
 */
export function publicAddressFor(request: FastifyRequest, services: Services): string {
  return requirePublicAddress(services.config.APP_URL, request.ctx.school);
}

/** The school's name, public address and the page's language: what an invitation or reset e-mail's link needs. */
export function passwordLinkContextFor(request: FastifyRequest, services: Services) {
  const school = request.ctx.school;
  if (!school) throw new AppError("setup_required");
  return { baseUrl: publicAddressFor(request, services), lang: request.ctx.lang, schoolName: school.name };
}

/** What a use-case that invites someone by e-mail needs: the secret and hashing of the new account, the link. */
export function invitationDepsFor(request: FastifyRequest, services: Services) {
  return {
    secret: services.secret,
    hashing: services.accounts.hashing,
    link: passwordLinkContextFor(request, services),
  };
}

// One per request. The fields are own data properties (the page cache spreads a context); the CSRF token and the
// nonce are worked out on first use (pages need them, most JSON calls do not) by getters on the prototype, so a
// request pays for no closures.
class Context implements RequestContext {
  school: RequestContext["school"];
  lang: Lang;
  user: RequestContext["user"];
  actor: RequestContext["actor"];
  sessionId: string | undefined;
  sessionExpired: boolean;
  ip: string;
  userAgent: string;
  baseUrl: string;
  #secret: Buffer;
  #binding: string | undefined;
  #reply: FastifyReply;
  #csrfToken: string | undefined;
  /** where a visitor without a binding gets the anonymous cookie, once a token is asked for */
  #anonymousCookie: { name: string; secure: boolean } | undefined;

  constructor(
    fields: Omit<RequestContext, "csrfToken" | "nonce" | "actor">,
    lazy: {
      secret: Buffer;
      binding: string | undefined;
      reply: FastifyReply;
      anonymousCookie?: { name: string; secure: boolean };
    },
  ) {
    this.school = fields.school;
    this.lang = fields.lang;
    this.user = fields.user;
    this.actor = actorOf(fields.user, fields.school?.owner_user_id);
    this.sessionId = fields.sessionId;
    this.sessionExpired = fields.sessionExpired;
    this.ip = fields.ip;
    this.userAgent = fields.userAgent;
    this.baseUrl = fields.baseUrl;
    this.#secret = lazy.secret;
    this.#binding = lazy.binding;
    this.#reply = lazy.reply;
    this.#anonymousCookie = lazy.anonymousCookie;
  }

  /**
   * The token of the visitor's binding. A visitor with neither a session nor the anonymous cookie gets the cookie
   * now, with the answer that hands them the token: answers that print no token (a cached page) set no cookie.
   */
  get csrfToken(): string {
    if (this.#csrfToken !== undefined) return this.#csrfToken;
    if (!this.#binding && this.#anonymousCookie) {
      const anonymousId = randomToken(24);
      const { name, secure } = this.#anonymousCookie;
      setCookie(this.#reply, name, anonymousId, { secure, maxAgeSeconds: ANONYMOUS_COOKIE_SECONDS });
      this.#binding = csrfBinding(undefined, anonymousId);
    }
    this.#csrfToken = this.#binding ? csrfTokenFor(this.#secret, this.#binding) : "";
    return this.#csrfToken;
  }

  get nonce(): string {
    return this.#reply.cspNonce;
  }
}

export const requestContextPlugin = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  app.decorateRequest("ctx", null as unknown as RequestContext);
  app.decorateRequest("csrfBindingValue", undefined);

  const namesOver = { http: cookieNames(false), https: cookieNames(true) };
  const fixedBaseUrl = services.config.APP_URL?.replace(/\/$/, "");
  const production = services.config.NODE_ENV === "production";
  const aliases = services.config.ALLOWED_HOSTS;

  /** In production, a request for a host that is not the school's is refused (421) once the school's address is known. */
  function checkHost(request: FastifyRequest, school: School | null) {
    if (!production) return;
    // A load balancer's health check asks by the machine's own address.
    if (request.url === "/status") return;
    const publicAddress = publicAddressOf(fixedBaseUrl, school);
    if (!publicAddress) return;
    if (isAllowedHost(request.protocol, request.host, { publicAddress, appUrl: fixedBaseUrl, aliases })) return;
    throw new AppError("misdirected", { messageKey: "errors:wrong_host", values: { address: publicAddress } });
  }

  type Found = Awaited<ReturnType<typeof findSession>>;

  // Sets request.ctx once the school and the session (if any) are known.
  function settle(
    request: FastifyRequest,
    reply: FastifyReply,
    secure: boolean,
    school: School | null,
    found: Found | undefined,
  ) {
    const names = secure ? namesOver.https : namesOver.http;
    const lang = school ? (school.language as Lang) : browserLanguage(request);
    const ip = request.ip;
    const userAgent = String(request.headers["user-agent"] ?? "");
    // The request's own origin only until the school's public address is known (before setup).
    const baseUrl = publicAddressOf(fixedBaseUrl, school) ?? `${request.protocol}://${request.host}`;
    if (request.routeOptions.config?.visitor === false) {
      const fields = { school, lang, user: null, sessionId: undefined, sessionExpired: false, ip, userAgent, baseUrl };
      request.ctx = new Context(fields, { secret: services.secret, binding: undefined, reply });
      return;
    }
    // found: undefined when there was no session cookie, null when its session is unknown or expired.
    const user = found?.user ?? null;
    const sessionId = found?.session.id;
    const sessionExpired = found === null;
    if (sessionExpired) clearCookie(reply, names.session, secure);
    // A logged-in visitor's answers (pages and JSON) are never kept by a cache; a route serving a file may set
    // its own (later, so it wins). Anonymous pages keep the page cache's public header.
    else if (sessionId) reply.header("cache-control", PRIVATE_ANSWER);

    // Without a binding, a state-changing call has no token to match (419); the cookie comes with a token.
    const binding = csrfBinding(sessionId, request.cookies[names.csrf]);
    request.csrfBindingValue = binding;
    request.ctx = new Context(
      { school, lang, user, sessionId, sessionExpired, ip, userAgent, baseUrl },
      { secret: services.secret, binding, reply, anonymousCookie: { name: names.csrf, secure } },
    );
  }

  // A plain hook that finishes at once when the school and the session are already in memory (most requests):
  // it waits for the database only when it has to, so a request pays for no promise it does not need.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.url.startsWith("/assets/")) return done();
    const secure = isSecureRequest(request, services.config);
    const withSchool = (school: School | null) => {
      try {
        checkHost(request, school);
      } catch (error) {
        return done(error as Error);
      }
      const names = secure ? namesOver.https : namesOver.http;
      const token = request.routeOptions.config?.visitor === false ? undefined : request.cookies[names.session];
      if (!token) return finish(school, undefined);
      // A read-only request may use this process's lookup of the last second (core/accounts/sessions.ts).
      const readOnly =
        request.method === "GET" || request.method === "HEAD" || request.routeOptions.config?.readOnly === true;
      const recent = readOnly ? findRecentSession(services.db, token) : undefined;
      if (recent) return finish(school, recent);
      // (No second look at the cache: it has just been asked.)
      findSession(services.db, token, { days: services.config.SESSION_DAYS }).then(
        (found) => finish(school, found),
        done,
      );
    };
    const finish = (school: School | null, found: Found | undefined) => {
      try {
        settle(request, reply, secure, school, found);
      } catch (error) {
        return done(error as Error);
      }
      // A school set up before its address was recorded learns it from its admin's first request (decision 0008).
      if (school && !school.public_url && !fixedBaseUrl && found?.user.role === "admin") {
        return void recordPublicAddress(services.db, request).then(() => done(), done);
      }
      done();
    };
    const school = cachedSchool(services.db);
    if (school !== undefined) return withSchool(school);
    getSchool(services.db).then(withSchool, done);
  });
});
