// The catalog's JSON calls: POST /search {q} (spec §7, the search modal) answers {courses: [{id, title, slug,
// cover_photo}]}: published courses matching every word, case- and accent-insensitively; 422 for an empty
// or over-long q.
import type { FastifyInstance } from "fastify";
import { searchAnswerJson } from "#core/search/search-courses.ts";
import { sendEncodedJson } from "../http/respond.ts";
import type { Services } from "../services.ts";

export async function catalogRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Search only reads: it may use the session lookup of the last second (server/plugins/request-context.ts).
  app.post("/search", { config: { readOnly: true } }, async (request, reply) => {
    const json = await searchAnswerJson(services.db, request.body ?? {});
    return sendEncodedJson(reply, json);
  });
}
