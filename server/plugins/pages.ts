// React Router renders every page (GET/HEAD). It lives in its own encapsulated plugin: Fastify's body
// parsers are removed here, so React Router reads the raw request itself, while JSON routes outside keep
// Fastify's parsing. The answer bypasses Fastify's reply pipeline (hijack); headers set on the raw response
// by earlier hooks (security headers, cookies) are merged in. Rendered pages go out compressed
// (../http/compress-page.ts).
import type { FastifyInstance } from "fastify";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { consumeCodeLinks } from "../http/code-links.ts";
import { compressPage } from "../http/compress-page.ts";
import { type PageCacheHints, pageCacheHints } from "../page-cache-hints.ts";
import { withPageErrors } from "../http/page-errors.ts";
import { pageContext, type RequestContext } from "../page-context.ts";
import type { Services } from "../services.ts";
import { createPageCache } from "./page-cache.ts";
import { applyPagePolicy } from "./security-headers.ts";

export type PagesOptions = {
  services: Services;
  /**
   * The build itself in production. A function (development: Vite's latest modules) makes React Router set up
   * its route matcher again for every request (flattening and ranking every route: ~6% of a page's cost).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
};

/** Every page's address pattern (e.g. /home/courses/:courseId), from the build's route tree. */
export function pagePatterns(build: ServerBuild): string[] {
  const routes = build.routes;
  const pathOf = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const parent = pathOf(route.parentId);
    const own = route.index ? "" : (route.path ?? "");
    return own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
  };
  const patterns = Object.keys(routes).map((id) => pathOf(id) || "/");
  return [...new Set(patterns)].sort();
}

export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  // Test mode only: the pages' address patterns in one log line, for the IDOR sweep (as server/app.ts does for
  // the API's routes).
  if (options.services.config.NODE_ENV === "test" && typeof options.build !== "function") {
    app.log.info({ pages: pagePatterns(options.build) }, "page table");
  }
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  // AppErrors from loaders and actions answer with the API's statuses (../http/page-errors.ts).
  const pageBuild = options.build;
  const handleRequest = createRequestHandler(
    typeof pageBuild === "function" ? async () => withPageErrors(await pageBuild()) : withPageErrors(pageBuild),
    options.mode,
  );
  // Anonymous visitors' catalog and sales pages come from the rendered-page cache (./page-cache.ts).
  const dev = options.mode === "development";
  const pageCache = createPageCache({
    db: options.services.db,
    maxBytes: options.services.config.PAGE_CACHE_MB * 1024 * 1024,
    dev,
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      // ?ref= and ?promo= links: their cookies, and the address without them (../http/code-links.ts).
      await consumeCodeLinks(request, reply, options.services);
      const render = (ctx: RequestContext, hints?: PageCacheHints) => {
        const context = new RouterContextProvider();
        context.set(pageContext, { request: ctx, services: options.services, log: request.log });
        if (hints) context.set(pageCacheHints, hints);
        return handleRequest(createRequest(request.raw, reply.raw), context);
      };
      const build = typeof options.build === "function" ? await options.build() : options.build;
      if (await pageCache.serve(request, reply, build, render)) return;
      applyPagePolicy(reply, { dev });
      const response = await render(request.ctx);
      reply.hijack();
      const acceptEncoding = request.headers["accept-encoding"];
      await sendResponse(reply.raw, await compressPage(response, { method: request.method, acceptEncoding }));
    },
  });
}
