// Community topics in the admin area (issue 14, item 1). Admins only (401 / 403 otherwise: core's community
// policy, asked by each use-case with the request's actor):
// - GET /home/community (JSON callers; the browser gets the page): every topic in order, with its post count;
// - POST /home/community: a new topic (422 field errors in the school's language);
// - GET /home/community/{id} (JSON callers), PUT /home/community/{id}: one topic, its keys; change it;
// - DELETE /home/community/{id}: the topic with its posts and their discussions;
// - POST /home/community/order {ids}: every topic in a new order; POST /home/community/{id}/move {direction}.
// The pages' plain forms (before hydration) post to the same paths: POST /home/community/{id} updates,
// POST /home/community/{id}/delete deletes; their fields are text and become the JSON shape in core/community.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createTopic } from "#core/community/create-topic.ts";
import { deleteTopic } from "#core/community/delete-topic.ts";
import { getAdminTopic } from "#core/community/get-admin-topic.ts";
import { listAdminTopics } from "#core/community/list-admin-topics.ts";
import { moveTopic, orderTopics } from "#core/community/order-topics.ts";
import { topicFormBody } from "#core/community/topic-schemas.ts";
import { updateTopic } from "#core/community/update-topic.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PAGE = "/home/community";

type IdParams = { Params: { id: string } };

function body(request: FastifyRequest): Record<string, unknown> {
  return (request.body ?? {}) as Record<string, unknown>;
}

/** A plain form sends text fields (an unticked box not at all): they become the JSON call's shape. */
function topicInput(request: FastifyRequest): unknown {
  return wantsJson(request) ? body(request) : topicFormBody(body(request));
}

export async function communityAdminRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.get(PAGE, jsonCallsOnly(app), async (request) => ({
    community_topics: await listAdminTopics(db, request.ctx.actor),
  }));

  app.post(PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const topic = await createTopic(db, request.ctx.actor, topicInput(request));
        return { json: { community_topic: topic }, redirect: `${PAGE}?saved=${topic.id}` };
      },
      `${PAGE}/new`,
    ),
  );

  app.post(`${PAGE}/order`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({ json: { ids: await orderTopics(db, request.ctx.actor, body(request)) }, redirect: PAGE }),
      PAGE,
    ),
  );

  // Digits only: the editor page's own data request (/home/community/12.data) must fall through to the pages.
  app.get<IdParams>(`${PAGE}/:id(^\\d+$)`, jsonCallsOnly(app), async (request) => ({
    community_topic: await getAdminTopic(db, request.ctx.actor, request.params.id),
  }));

  const update = (request: FastifyRequest<IdParams>) => async () => {
    const topic = await updateTopic(db, request.ctx.actor, request.params.id, topicInput(request));
    return { json: { community_topic: topic }, redirect: `${PAGE}/${topic.id}?saved=1` };
  };
  const formPage = (request: FastifyRequest<IdParams>) => `${PAGE}/${encodeURIComponent(request.params.id)}`;
  app.put<IdParams>(`${PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, update(request), formPage(request)),
  );
  app.post<IdParams>(`${PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, update(request), formPage(request)),
  );

  const remove = (request: FastifyRequest<IdParams>) => async () => {
    const { images } = await deleteTopic(db, request.ctx.actor, request.params.id);
    for (const key of images) {
      await services.storage.delete(key).catch((error: unknown) => {
        request.log.warn({ err: error, key }, "community image not removed");
      });
    }
    return { json: { ok: true }, redirect: `${PAGE}?deleted=1` };
  };
  app.delete<IdParams>(`${PAGE}/:id`, staff, (request, reply) => handle(request, reply, remove(request), PAGE));
  app.post<IdParams>(`${PAGE}/:id/delete`, staff, (request, reply) =>
    handle(request, reply, remove(request), formPage(request)),
  );

  app.post<IdParams>(`${PAGE}/:id/move`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: { ids: await moveTopic(db, request.ctx.actor, request.params.id, body(request)) },
        redirect: PAGE,
      }),
      PAGE,
    ),
  );
}
