// Memberships, the member's side (issue 15; spec §7):
// - POST /subscribe/checkout {plan, terms, provider}: a signed-in user subscribes -> {membership_id, hash, redirect};
// - POST /subscribe/checkout/register {plan, terms, name, email, password}: a visitor registers on the way;
// - POST /subscribe/test/{hash}/pay {card} | /decline: the test provider's simulated payment page (hash: capability);
// - GET /my/membership (JSON callers; the browser gets the page): the caller's memberships;
// - POST /my/membership/cancel {membership_id, confirm} -> {membership_id}; /cancel-survey; /resume;
// - POST /my/membership/retention {membership_id, accept} -> {membership_id, canceled}: the retention offer's
//   answer (the cancel call answers {membership_id, retention_offer} instead of cancelling when one is shown);
// - POST /my/membership/withdraw {membership_id} -> {membership_id, refund_cents}: the EU withdrawal (14 days).
// Plain form posts get a 303 like the other checkouts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { logOut } from "#core/accounts/log-out.ts";
import { publicUser } from "#core/accounts/public-user.ts";
import { register } from "#core/accounts/register.ts";
import { AppError } from "#core/errors.ts";
import { listMembershipInvoicesForUser } from "#core/invoices/list-membership-invoices.ts";
import { answerRetentionOffer } from "#core/memberships/answer-retention-offer.ts";
import { answerCancelSurvey } from "#core/memberships/answer-cancel-survey.ts";
import { cancelMembership } from "#core/memberships/cancel-membership.ts";
import { getMyMemberships } from "#core/memberships/get-my-membership.ts";
import { withdrawMembership } from "#core/memberships/withdraw-membership.ts";
import { resumeMembership } from "#core/memberships/resume-membership.ts";
import { subscribeSchema } from "#core/memberships/schemas.ts";
import { settleTestCheckout } from "#core/memberships/settle-test-checkout.ts";
import { startSubscription } from "#core/memberships/start-subscription.ts";
import { syncStripeCancellation } from "#core/memberships/stripe/sync-stripe-cancellation.ts";
import { actorOf } from "#core/shared/actor.ts";
import { checkoutRegisterSchema } from "#core/selling/checkout-schema.ts";
import { parseInput } from "#core/validation.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import { client, startSession } from "./accounts.ts";
import { stripeBillingOf } from "./memberships-stripe.ts";

type HashParams = { Params: { hash: string } };

function body(request: FastifyRequest): Record<string, unknown> {
  return (request.body ?? {}) as Record<string, unknown>;
}

/** The providers that can sell a membership here: the built-in test provider only, for now. */
async function membershipProviders(services: Services): Promise<string[]> {
  return (await services.payments.get("test")) ? ["test"] : [];
}

function checkoutPage(request: FastifyRequest): string {
  const plan = String(body(request).plan ?? "");
  return `/subscribe/checkout?plan=${encodeURIComponent(plan)}`;
}

export async function membershipRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  app.post("/subscribe/checkout", limited(routeLimits.checkout), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const result = await startSubscription(db, request.ctx.actor, body(request), {
          providers: await membershipProviders(services),
        });
        return { json: result, redirect: result.redirect };
      },
      checkoutPage(request),
    ),
  );

  app.post("/subscribe/checkout/register", limited(routeLimits.register), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        // Both forms are checked before the account exists, so that a mistake never leaves half a subscription.
        parseInput(subscribeSchema, body(request));
        const account = parseInput(checkoutRegisterSchema, body(request));
        const { user, token, session } = await register(
          services.accounts,
          { ...account, name: body(request).name },
          client(request),
        );
        if (request.ctx.sessionId) await logOut(db, request.ctx.sessionId);
        const csrf = startSession(request, reply, services, token, session.id);
        const result = await startSubscription(db, actorOf(user), body(request), {
          providers: await membershipProviders(services),
        });
        return { json: { ...result, csrf_token: csrf, user: publicUser(user) }, redirect: result.redirect };
      },
      checkoutPage(request),
    ),
  );

  for (const decision of ["pay", "decline"] as const) {
    app.post<HashParams>(`/subscribe/test/:hash/${decision}`, limited(routeLimits.checkout), (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          if (!(await services.payments.get("test"))) throw new AppError("not_found");
          const result = await settleTestCheckout(db, request.params.hash, decision, body(request));
          return { json: result, redirect: result.redirect };
        },
        `/subscribe/test/${encodeURIComponent(request.params.hash)}`,
      ),
    );
  }

  app.get("/my/membership", jsonCallsOnly(app), async (request) => ({
    memberships: await getMyMemberships(db, request.ctx.actor),
    invoices: await listMembershipInvoicesForUser(db, request.ctx.actor),
  }));

  const own = limited(routeLimits.membership);
  app.post("/my/membership/cancel", own, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        // A Stripe membership: Stripe is told first (cancel_at_period_end); then the same flow for every provider.
        await syncStripeCancellation(db, () => stripeBillingOf(services), request.ctx.actor, body(request), true);
        return { json: await cancelMembership(db, request.ctx.actor, body(request)), redirect: "/my/membership" };
      },
      "/my/membership",
    ),
  );
  app.post("/my/membership/cancel-survey", own, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: await answerCancelSurvey(db, request.ctx.actor, body(request)),
        redirect: "/my/membership",
      }),
      "/my/membership",
    ),
  );
  app.post("/my/membership/retention", own, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: await answerRetentionOffer(db, request.ctx.actor, body(request)),
        redirect: "/my/membership",
      }),
      "/my/membership",
    ),
  );
  app.post("/my/membership/withdraw", own, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: await withdrawMembership(db, request.ctx.actor, body(request)),
        redirect: "/my/membership",
      }),
      "/my/membership",
    ),
  );
  app.post("/my/membership/resume", own, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        await syncStripeCancellation(db, () => stripeBillingOf(services), request.ctx.actor, body(request), false);
        return { json: await resumeMembership(db, request.ctx.actor, body(request)), redirect: "/my/membership" };
      },
      "/my/membership",
    ),
  );
}
