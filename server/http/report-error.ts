// The one line the error paths call for an unexpected error (a 5xx of the JSON API, a page whose loader or render
// failed): it goes to the error reporter (platform/error-reporting.ts; nothing happens without SENTRY_DSN) with
// the request's id, method and path (no query: it may carry a token).
import type { FastifyRequest } from "fastify";
import type { RouterContextProvider } from "react-router";
import type { ErrorReporter } from "#platform/error-reporting.ts";
import { currentRequestId, redactSecretPaths } from "#platform/logging.ts";
import { pageContext } from "../page-context.ts";

declare module "fastify" {
  interface FastifyInstance {
    errorReporter: ErrorReporter;
  }
}

const pathOf = (url: string) => redactSecretPaths(url.split("?")[0]!);

export function reportUnexpectedError(request: FastifyRequest, error: unknown): void {
  request.server.errorReporter?.report(error, {
    request: { id: request.id, method: request.method, path: pathOf(request.url) },
  });
}

/** From React Router's handleError (app/entry.server.tsx): the page's services come in its load context. */
export function reportPageError(error: unknown, args: { request: Request; context?: unknown }): void {
  const context = args.context as RouterContextProvider | undefined;
  const page = context?.get?.(pageContext);
  page?.services.errors?.report(error, {
    request: {
      id: currentRequestId() ?? "",
      method: args.request.method,
      path: pathOf(new URL(args.request.url).pathname),
    },
  });
}
