// The community gallery's JSON calls (spec §7), beside the feed's (./community.ts):
// - POST /json/community/gallery-preview[/{topicId}]: the newest images, for the preview beside a feed;
// - POST /json/community/gallery[/{topicId}][?cursor=]: a page of the full gallery, with next_page_url for 'More'.
// Thin: parse, call one use-case from core/community/, answer. Reads only: no rate limit (like the other lists).
import type { FastifyInstance } from "fastify";
import { gallery } from "#core/community/gallery.ts";
import { galleryPreview } from "#core/community/gallery-preview.ts";
import type { Services } from "../services.ts";

type TopicParams = { topicId: string };
type CursorQuery = { cursor?: string };

export async function communityGalleryRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // The lists only read: they may use the session lookup of the last second (server/plugins/request-context.ts).
  const reads = { config: { readOnly: true as const } };

  app.post("/json/community/gallery-preview", reads, async (request) =>
    galleryPreview(services.db, request.ctx.actor, null),
  );
  app.post<{ Params: TopicParams }>("/json/community/gallery-preview/:topicId", reads, async (request) =>
    galleryPreview(services.db, request.ctx.actor, request.params.topicId),
  );

  app.post<{ Querystring: CursorQuery }>("/json/community/gallery", reads, async (request) =>
    gallery(services.db, request.ctx.actor, null, request.query.cursor),
  );
  app.post<{ Params: TopicParams; Querystring: CursorQuery }>(
    "/json/community/gallery/:topicId",
    reads,
    async (request) => gallery(services.db, request.ctx.actor, request.params.topicId, request.query.cursor),
  );
}
