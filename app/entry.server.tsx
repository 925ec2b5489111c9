// Renders pages to a stream. The CSP nonce comes from the server's request context, so that the scripts
// React Router writes into the page carry it (server/plugins/security-headers.ts).
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { logPageError } from "#server/http/page-errors.ts";
import { pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { NonceContext } from "./lib/nonce.tsx";

export const streamTimeout = 5000;

/**
 * When the document starts going out: bots, SPA mode and a render the page cache stores get it whole (after every
 * Suspense boundary, React Router's streamed loader data included, has resolved: otherwise a boundary resolved
 * after the shell is sent out of order, with one more inline script, and the stored bytes change from render to
 * render); browsers get the shell first.
 */
export function readyEvent(whole: {
  bot: boolean;
  spaMode: boolean;
  forCache: boolean;
}): "onAllReady" | "onShellReady" {
  return whole.bot || whole.spaMode || whole.forCache ? "onAllReady" : "onShellReady";
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Empty for a page rendered for the page cache: no nonce attributes at all then.
  const nonce = loadContext.get(pageContext).request.nonce || undefined;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption = readyEvent({
      bot: Boolean(userAgent && isbot(userAgent)),
      spaMode: routerContext.isSpaMode,
      forCache: loadContext.get(pageCacheHints).forCache,
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router catches the error and reports it through handleError below.
          if (shellRendered) logPageError(error, { request, context: loadContext });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Unexpected failures are logged once with the request's details and reported (SENTRY_DSN); expected outcomes
 * (404s, redirects, AppErrors below 500, aborted requests) are neither (#server/http/page-errors.ts).
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: unknown }) {
  logPageError(error, { request, context });
}
