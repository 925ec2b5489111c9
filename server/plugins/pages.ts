// React Router renders every page (GET/HEAD). It lives in its own encapsulated plugin: Fastify's body
// parsers are removed here, so React Router reads the raw request itself, while JSON routes outside keep
// Fastify's parsing. The answer bypasses Fastify's reply pipeline (hijack); headers set on the raw response
// by earlier hooks (security headers, cookies) are merged in.
import type { FastifyInstance } from "fastify";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { pageContext } from "../page-context.ts";
import type { Services } from "../services.ts";
import { applyPagePolicy } from "./security-headers.ts";

export type PagesOptions = {
  services: Services;
  build: () => Promise<ServerBuild>;
  mode: "production" | "development";
};

export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  const handleRequest = createRequestHandler(options.build, options.mode);

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      applyPagePolicy(reply, { dev: options.mode === "development" });
      const context = new RouterContextProvider();
      context.set(pageContext, { request: request.ctx, services: options.services });
      const fetchRequest = createRequest(request.raw, reply.raw);
      const response = await handleRequest(fetchRequest, context);
      reply.hijack();
      await sendResponse(reply.raw, response);
    },
  });
}
