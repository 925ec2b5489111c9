// The pages' side of the one error mapping (the JSON API's side is ./errors.ts; both read statusOf in
// core/errors.ts). An AppError escaping a page loader becomes a route error response with the API's status and
// body ({code, message, errors?, specific} in the page's language), rendered by the error boundaries per status;
// a 401 sends the visitor to log in and come back. Anything else (a bug, a broken database) is a 500 that React
// Router renders without internals, logged once here with the request's method and path (never its query: reset
// links carry tokens there). Decision 0015 says why route modules are wrapped rather than each loader.
import { reportPageError } from "./report-error.ts";
import { data, isRouteErrorResponse, redirect, type RouterContextProvider, type ServerBuild } from "react-router";
import { type AppError, isAppError } from "#core/errors.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { pageContext } from "../page-context.ts";
import { errorBody } from "./errors.ts";

/**
 * The body of a route error response made from an AppError (what `error.data` holds in an ErrorBoundary): the
 * API's body plus the code, and `specific` when the message says more than the status's general words (a key of
 * its own, e.g. "access:invitation_used", or a field's message).
 */
export type PageErrorData = {
  code: AppError["code"];
  message: string;
  errors?: Record<string, string[]>;
  specific: boolean;
};

/**
 * The address the visitor meant, for `?next=`. A client-side navigation asks for `/path.data` (React Router's
 * data request, with its own `_routes` parameter); the visitor meant `/path`.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return pathname.replace(/^\/_root$/, "/") + (search ? `?${search}` : "");
}

type HandlerArgs = { request: Request; context: Readonly<RouterContextProvider> };

function pageOf(context: Readonly<RouterContextProvider> | undefined) {
  try {
    return context?.get(pageContext);
  } catch {
    return undefined; // a request that failed before the page context was set
  }
}

/** What a loader or action throws instead of an AppError: a redirect to log in (401) or a status response. */
export function pageErrorResponse(error: AppError, { request, context }: HandlerArgs) {
  if (error.code === "unauthenticated") {
    return redirect(`/login?next=${encodeURIComponent(pageAddress(request))}`);
  }
  const page = pageOf(context);
  const lang: Lang = page?.request.lang ?? "en";
  const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
  const specific = error.messageKey !== `errors:${error.code}` || Boolean(error.fields);
  const body: PageErrorData = { code: error.code, ...errorBody(error, lang), specific };
  return data(body, { status: error.status, headers });
}

/** Logs an unexpected page failure once, with the request's method and path and who asked (no query, no body). */
export function logPageError(error: unknown, { request, context }: { request: Request; context?: unknown }) {
  if (request.signal.aborted) return;
  // React Router's own route error responses carry the original error when there was one (e.g. a 405).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  // Expected outcomes (404s, redirects, AppErrors below 500) are answers, not failures.
  if (isRouteErrorResponse(error) && !inner && error.status < 500) return;
  if (error instanceof Response && error.status < 500) return;
  if (isAppError(error) && error.status < 500) return;
  const page = pageOf(context as Readonly<RouterContextProvider> | undefined);
  const details = {
    err: inner ?? error,
    method: request.method,
    path: new URL(request.url).pathname,
    user: page?.request.user?.id,
  };
  if (page) page.log.error(details, "page failed");
  else console.error("page failed", details); // before the page context existed: no request logger yet
  reportPageError(inner ?? error, { request, context });
}

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type Handler = (args: HandlerArgs) => unknown;

function mapped(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!isAppError(error)) throw error;
      // A 5xx AppError (unavailable, internal) is an answer too, but one the owner must hear about.
      if (error.status >= 500) logPageError(error, args);
      throw pageErrorResponse(error, args);
    }
  };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with every route's loader and action mapping AppErrors as above. Route modules stay as they are
 * (thin: call the use-case, let its AppError propagate); React Router gets a copy whose handlers are wrapped.
 */
export function withPageErrors(build: ServerBuild): ServerBuild {
  const known = wrapped.get(build);
  if (known) return known;
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module: RouteModule = { ...route.module };
      if (module.loader) module.loader = mapped(module.loader as Handler) as RouteModule["loader"];
      if (module.action) module.action = mapped(module.action as Handler) as RouteModule["action"];
      return [id, { ...route, module }];
    }),
  ) as ServerBuild["routes"];
  const copy: ServerBuild = { ...build, routes };
  wrapped.set(build, copy);
  return copy;
}
