// Outgoing webhooks of the admin area (issue 18, item 6). Admins only (401 / 403 otherwise):
// - GET /home/webhooks: the endpoints (also the page of the same address);
// - POST /home/webhooks {url, description, events}: add one; answers its signing secret, shown this once;
// - GET /home/webhooks/:id: the endpoint and its delivery log (also the page);
// - PUT /home/webhooks/:id (POST from the plain form): change address, note, events;
// - POST /home/webhooks/:id/rotate: a new secret (shown once); /enable, /disable;
// - DELETE /home/webhooks/:id {confirm: "DELETE"} (POST /home/webhooks/:id/delete from the plain form);
// - POST /home/webhooks/:id/test: a test event; /deliveries/:deliveryId/redeliver; /redeliver-failed.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "#core/errors.ts";
import { createEndpoint } from "#core/webhooks/create-endpoint.ts";
import { deleteEndpoint } from "#core/webhooks/delete-endpoint.ts";
import { targetRulesOf } from "#core/webhooks/delivery-rules.ts";
import { getEndpoint } from "#core/webhooks/get-endpoint.ts";
import { listEndpoints } from "#core/webhooks/list-endpoints.ts";
import { redeliver, redeliverFailed } from "#core/webhooks/redeliver.ts";
import { rotateSecret } from "#core/webhooks/rotate-secret.ts";
import { sendTestEvent } from "#core/webhooks/send-test-event.ts";
import { setEndpointEnabled } from "#core/webhooks/set-endpoint-enabled.ts";
import { updateEndpoint } from "#core/webhooks/update-endpoint.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PAGE = "/home/webhooks";

type IdParams = { Params: { id: string } };

function idOf(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("not_found");
  return id;
}

/** A plain form sends `events` once per ticked box (a string, or an array); the JSON call sends the shape. */
function endpointBody(request: FastifyRequest): Record<string, unknown> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (wantsJson(request)) return body;
  const events = body.events === undefined ? [] : ([] as unknown[]).concat(body.events);
  return { url: body.url, description: body.description ?? "", events };
}

export async function webhookRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const sending = limited(routeLimits.webhookSend);
  const { db, secret: serverSecret } = services;
  const rules = targetRulesOf(services.config);

  app.get(PAGE, jsonCallsOnly(app), async (request) => ({
    endpoints: await listEndpoints(db, request.ctx.actor),
  }));

  app.post(PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const created = await createEndpoint(db, request.ctx.actor, {
          serverSecret,
          rules,
          input: endpointBody(request),
        });
        // The plain form lands on the endpoint's page, which cannot show the secret again: it says so and offers
        // a rotation. The page's script uses the JSON answer and shows the secret at once.
        return { json: created, redirect: `${PAGE}/${created.endpoint.id}?created=1` };
      },
      PAGE,
    ),
  );

  app.get<IdParams>(`${PAGE}/:id(^\\d+$)`, jsonCallsOnly(app), async (request) =>
    getEndpoint(db, request.ctx.actor, idOf(request.params.id)),
  );

  const update = (request: FastifyRequest<IdParams>) => async () => {
    const endpoint = await updateEndpoint(db, request.ctx.actor, {
      id: idOf(request.params.id),
      rules,
      input: endpointBody(request),
    });
    return { json: { endpoint }, redirect: `${PAGE}/${endpoint.id}?saved=1` };
  };
  app.put<IdParams>(`${PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, update(request), `${PAGE}/${request.params.id}`),
  );
  app.post<IdParams>(`${PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, update(request), `${PAGE}/${request.params.id}`),
  );

  app.post<IdParams>(`${PAGE}/:id/rotate`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const id = idOf(request.params.id);
        const { secret } = await rotateSecret(db, request.ctx.actor, { id, serverSecret });
        return { json: { secret }, redirect: `${PAGE}/${id}` };
      },
      `${PAGE}/${request.params.id}`,
    ),
  );

  for (const [action, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    app.post<IdParams>(`${PAGE}/:id/${action}`, staff, (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          const id = idOf(request.params.id);
          await setEndpointEnabled(db, request.ctx.actor, { id, enabled });
          return { json: { ok: true }, redirect: `${PAGE}/${id}` };
        },
        `${PAGE}/${request.params.id}`,
      ),
    );
  }

  const remove = (request: FastifyRequest<IdParams>) => async () => {
    await deleteEndpoint(db, request.ctx.actor, { id: idOf(request.params.id), input: request.body ?? {} });
    return { json: { ok: true }, redirect: `${PAGE}?deleted=1` };
  };
  app.delete<IdParams>(`${PAGE}/:id`, staff, (request, reply) =>
    handle(request, reply, remove(request), `${PAGE}/${request.params.id}`),
  );
  app.post<IdParams>(`${PAGE}/:id/delete`, staff, (request, reply) =>
    handle(request, reply, remove(request), `${PAGE}/${request.params.id}`),
  );

  app.post<IdParams>(`${PAGE}/:id/test`, sending, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const id = idOf(request.params.id);
        const deliveryId = await sendTestEvent(db, request.ctx.actor, { endpointId: id });
        return { json: { deliveryId }, redirect: `${PAGE}/${id}?sent=test` };
      },
      `${PAGE}/${request.params.id}`,
    ),
  );

  app.post<{ Params: { id: string; deliveryId: string } }>(
    `${PAGE}/:id/deliveries/:deliveryId/redeliver`,
    sending,
    (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          const id = idOf(request.params.id);
          await redeliver(db, request.ctx.actor, { endpointId: id, deliveryId: idOf(request.params.deliveryId) });
          return { json: { ok: true }, redirect: `${PAGE}/${id}?sent=redeliver` };
        },
        `${PAGE}/${request.params.id}`,
      ),
  );

  app.post<IdParams>(`${PAGE}/:id/redeliver-failed`, sending, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const id = idOf(request.params.id);
        const count = await redeliverFailed(db, request.ctx.actor, { endpointId: id });
        return { json: { count }, redirect: `${PAGE}/${id}?sent=redeliver` };
      },
      `${PAGE}/${request.params.id}`,
    ),
  );
}
