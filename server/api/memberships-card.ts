// The member's card update (issue 15 item 5; spec §7): GET /my/membership/card (JSON callers; the browser gets
// the page) -> the membership, its card and the public key for the cypher; POST /my/membership/card {cypher,
// membership_id?} -> {redirect} or 422 with errors under `cypher`, `sale`, `membership` or `card` (§8's texts in
// the page's language). Rate-limited per member: a card form is where stolen numbers get tried.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { cardProcessors } from "#core/memberships/card/card-processors.ts";
import { getCardUpdateView } from "#core/memberships/get-card-update-view.ts";
import { updateCard } from "#core/memberships/update-card.ts";
import { formIdSchema } from "#core/shared/ids.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import { publicAddressFor } from "../plugins/request-context.ts";

type CardQuery = { Querystring: { membership?: string } };

function membershipParam(request: FastifyRequest<CardQuery>): number | undefined {
  const parsed = formIdSchema.safeParse(request.query.membership);
  return parsed.success ? parsed.data : undefined;
}

export async function membershipCardRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  const processorFor = cardProcessors({
    config: services.config,
    testPayments: async () => (await services.payments.get("test")) !== null,
  });

  app.get<CardQuery>("/my/membership/card", jsonCallsOnly(app), async (request) =>
    getCardUpdateView(db, request.ctx.actor, { membershipId: membershipParam(request), processorFor }),
  );

  app.post("/my/membership/card", limited(routeLimits.membershipCard), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const result = await updateCard(db, request.ctx.actor, request.body, {
          processorFor,
          appUrl: publicAddressFor(request, services),
          language: request.ctx.lang === "pl" ? "pl" : "en",
        });
        return { json: result, redirect: result.redirect };
      },
      "/my/membership/card",
    ),
  );
}
