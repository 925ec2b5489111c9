// Payment and invoicing integrations of the admin area (the selling issue, item 4: configured by the admin,
// stored encrypted, never logged). Admins only (401 / 403 otherwise):
// - GET /home/integrations: every provider's card, secrets masked (also the page of the same address);
// - POST /home/integrations {provider, enabled, settings}: set one up (409 'You already have such integration');
// - PUT /home/integrations/:provider {enabled, settings}: change it (a blank secret keeps the stored one);
// - POST /home/integrations/:provider/enable | /disable; DELETE /home/integrations/:provider.
// The page's plain forms (before hydration) post to the same paths: POST /home/integrations/:provider updates,
// POST /home/integrations/:provider/delete deletes. Bodies are never logged (Fastify logs method and URL only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { deleteIntegration } from "#core/integrations/delete-integration.ts";
import { listIntegrations } from "#core/integrations/list-integrations.ts";
import { createIntegration, updateIntegration } from "#core/integrations/save-integration.ts";
import { setIntegrationEnabled } from "#core/integrations/set-integration-enabled.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PAGE = "/home/integrations";

/** A plain form sends `settings.<name>` fields and the switch as "on" (or nothing); the JSON call sends the shape. */
function integrationBody(request: FastifyRequest): Record<string, unknown> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (wantsJson(request)) return body;
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith("settings.")) settings[key.slice("settings.".length)] = value;
  }
  return { provider: body.provider, enabled: body.enabled === "on", settings };
}

export async function integrationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db, secret } = services;
  // The server, not the admin's switch, decides whether the built-in test payments can run (TEST_PAYMENTS).
  const availability = { testPayments: services.payments.test !== null };

  app.get(PAGE, jsonCallsOnly(app), async (request) => {
    return { integrations: await listIntegrations(db, request.ctx.actor, secret, availability) };
  });

  app.post(PAGE, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const integration = await createIntegration(
          db,
          request.ctx.actor,
          secret,
          integrationBody(request),
          availability,
        );
        return { json: { integration }, redirect: `${PAGE}?saved=${integration.provider}` };
      },
      PAGE,
    ),
  );

  const update = (request: FastifyRequest<{ Params: { provider: string } }>) => async () => {
    const integration = await updateIntegration(
      db,
      request.ctx.actor,
      secret,
      request.params.provider,
      integrationBody(request),
      availability,
    );
    return { json: { integration }, redirect: `${PAGE}?saved=${integration.provider}` };
  };
  app.put<{ Params: { provider: string } }>(`${PAGE}/:provider`, staff, (request, reply) =>
    handle(request, reply, update(request), `${PAGE}/${encodeURIComponent(request.params.provider)}`),
  );
  app.post<{ Params: { provider: string } }>(`${PAGE}/:provider`, staff, (request, reply) =>
    handle(request, reply, update(request), `${PAGE}/${encodeURIComponent(request.params.provider)}`),
  );

  for (const [action, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    app.post<{ Params: { provider: string } }>(`${PAGE}/:provider/${action}`, staff, (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          await setIntegrationEnabled(db, request.ctx.actor, {
            provider: request.params.provider,
            enabled,
            availability,
          });
          return { json: { ok: true }, redirect: PAGE };
        },
        PAGE,
      ),
    );
  }

  const remove = (request: FastifyRequest<{ Params: { provider: string } }>) => async () => {
    await deleteIntegration(db, request.ctx.actor, request.params.provider);
    return { json: { ok: true }, redirect: `${PAGE}?deleted=${request.params.provider}` };
  };
  app.delete<{ Params: { provider: string } }>(`${PAGE}/:provider`, staff, (request, reply) =>
    handle(request, reply, remove(request), PAGE),
  );
  app.post<{ Params: { provider: string } }>(`${PAGE}/:provider/delete`, staff, (request, reply) =>
    handle(request, reply, remove(request), PAGE),
  );
}
