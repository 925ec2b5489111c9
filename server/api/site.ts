// What search engines read (issue 16): GET /sitemap.xml (the published pages) and GET /robots.txt (what not to
// index, and where the sitemap is). Addresses start with the school's public address, never the Host header;
// before it is known the sitemap is a 404 and robots.txt names no sitemap.
import type { FastifyInstance } from "fastify";
import { publicAddressOf } from "#core/school/public-address.ts";
import { listSitemapAddresses, robotsTxt, sitemapXml } from "#core/school/sitemap.ts";
import type { Services } from "../services.ts";

export async function siteRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const origin = (request: { ctx: { school: Parameters<typeof publicAddressOf>[1] } }) =>
    publicAddressOf(services.config.APP_URL, request.ctx.school);

  app.get("/sitemap.xml", async (request, reply) => {
    const school = request.ctx.school;
    const address = origin(request);
    if (!school || !address) return reply.code(404).type("text/plain; charset=utf-8").send("Not found\n");
    const addresses = await listSitemapAddresses(services.db, school, address);
    return reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(sitemapXml(addresses));
  });

  app.get("/robots.txt", async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(robotsTxt(origin(request))),
  );
}
