// POST /payments/{provider}/notify: a payment provider's notification (Tpay form post, Przelewy24 and PayU JSON,
// Stripe webhook). The body is kept as the exact bytes the provider signed; the adapter verifies it and tells
// what to answer (Tpay wants `TRUE`, the others a 200). No session or CSRF here: the signature is the permission.
// An error while applying it answers 500, so that the provider delivers it again.
import type { FastifyInstance } from "fastify";
import { handleNotification } from "#core/selling/handle-notification.ts";
import { completionHooks } from "../payments.ts";
import type { Services } from "../services.ts";
import { exemptions, limited } from "../http/route-limits.ts";
import { stripeMembershipWebhook } from "./memberships-stripe.ts";

const MAX_NOTIFICATION_BYTES = 256 * 1024;

export async function paymentNotificationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_NOTIFICATION_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  const hooks = completionHooks(services);
  const memberships = stripeMembershipWebhook(services);
  app.post<{ Params: { provider: string } }>(
    "/payments/:provider/notify",
    limited(exemptions.providerNotification),
    async (request, reply) => {
      const provider = request.params.provider === "test" ? null : await services.payments.get(request.params.provider);
      if (!provider) return reply.code(404).type("text/plain").send("unknown provider");
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // Stripe Billing's events for memberships (subscriptions, invoices, their Checkout Sessions) come first.
      if (request.params.provider === "stripe") {
        const answer = await memberships({ headers: request.headers, rawBody }, request.log);
        if (answer) return reply.code(answer.status).type("text/plain").send(answer.body);
      }
      const answer = await handleNotification({ db: services.db, log: request.log, hooks }, provider, {
        headers: request.headers,
        rawBody,
      });
      return reply
        .code(answer.status)
        .type(answer.contentType ?? "text/plain")
        .send(answer.body);
    },
  );
}
