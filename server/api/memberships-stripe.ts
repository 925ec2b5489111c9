// Memberships through Stripe Billing (issue 15; spec §7):
// - POST /stripe/subscribe/checkout {plan, terms} -> {membership_id, hash, redirect}: Stripe Checkout in
//   mode=subscription (core/memberships/stripe/start-stripe-subscription.ts);
// - POST /my/membership/stripe-card {membership_id} -> {redirect}: Checkout in mode=setup to change the card;
// - stripeMembershipWebhook: Stripe's events about subscriptions, invoices and subscription/setup sessions, taken
//   at POST /payments/stripe/notify (the one endpoint a Stripe account posts to) before the purchases' handler.
// The adapter is built from the Stripe integration's settings, kept per settings version.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { getIntegrationSettings } from "#core/integrations/get-integration-settings.ts";
import { handleStripeMembershipEvent, isMembershipEvent } from "#core/memberships/stripe/handle-stripe-event.ts";
import { startStripeCardUpdate } from "#core/memberships/stripe/start-stripe-card-update.ts";
import { startStripeSubscription } from "#core/memberships/stripe/start-stripe-subscription.ts";
import type { StripeBilling } from "#core/ports/stripe-billing.ts";
import { createStripeBilling } from "#integrations/payments/stripe-billing.ts";
import type { Services } from "../services.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import { publicAddressFor } from "../plugins/request-context.ts";

const kept = new WeakMap<Services, { version: string; billing: StripeBilling }>();

/** The Stripe Billing adapter when the Stripe integration is enabled, else null. */
export async function stripeBillingOf(services: Services): Promise<StripeBilling | null> {
  if (!(await services.payments.get("stripe"))) return null;
  const row = await services.db
    .selectFrom("integrations")
    .select("updated_at")
    .where("provider", "=", "stripe")
    .executeTakeFirst();
  if (!row) return null;
  const baseUrl = process.env.PAYMENTS_BASE_URL_STRIPE || undefined;
  const version = `${row.updated_at} ${baseUrl ?? ""}`;
  const cached = kept.get(services);
  if (cached?.version === version) return cached.billing;
  const integration = await getIntegrationSettings(services.db, services.secret, "stripe");
  if (!integration) return null;
  const billing = createStripeBilling(integration.settings as Record<string, string>, { baseUrl });
  kept.set(services, { version, billing });
  return billing;
}

function body(request: FastifyRequest): Record<string, unknown> {
  return (request.body ?? {}) as Record<string, unknown>;
}

export async function membershipStripeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  app.post("/stripe/subscribe/checkout", limited(routeLimits.checkout), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const result = await startStripeSubscription(
          db,
          await stripeBillingOf(services),
          request.ctx.actor,
          body(request),
          {
            baseUrl: publicAddressFor(request, services),
            language: request.ctx.lang,
          },
        );
        return { json: result, redirect: result.redirect };
      },
      `/subscribe/checkout?plan=${encodeURIComponent(String(body(request).plan ?? ""))}`,
    ),
  );

  app.post("/my/membership/stripe-card", limited(routeLimits.membership), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const result = await startStripeCardUpdate(
          db,
          await stripeBillingOf(services),
          request.ctx.actor,
          body(request),
          {
            baseUrl: publicAddressFor(request, services),
            language: request.ctx.lang,
          },
        );
        return { json: result, redirect: result.redirect };
      },
      "/my/membership",
    ),
  );
}

export type WebhookAnswer = { status: number; body: string };

/**
 * Stripe's webhook for memberships: null when the event is not the memberships' (the purchases' handler takes
 * it). A bad signature is the purchases' handler's to refuse and log as well, so it answers null too. An error
 * while applying answers 500: Stripe delivers the event again.
 */
export function stripeMembershipWebhook(services: Services) {
  return async (
    input: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer },
    log: FastifyBaseLogger,
  ): Promise<WebhookAnswer | null> => {
    const billing = await stripeBillingOf(services);
    if (!billing) return null;
    const signature = input.headers["stripe-signature"];
    const check = billing.verifyEvent(input.rawBody, typeof signature === "string" ? signature : undefined);
    if (!check.ok || !isMembershipEvent(check.event)) return null;
    try {
      const outcome = await handleStripeMembershipEvent(services.db, billing, check.event);
      log.info({ event: check.event.type, outcome }, "stripe membership event");
      return { status: 200, body: "" };
    } catch (error) {
      log.error({ err: error, event: check.event.type }, "stripe membership event failed");
      return { status: 500, body: "" };
    }
  };
}
