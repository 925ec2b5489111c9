// Checkout calls (spec §7):
// - POST /{slug}/onepagecheckout, /products/{slug}/onepagecheckout: a logged-in buyer checks out;
// - POST /{slug}/onepagecheckoutregister (and /products/...): the one-page checkout that creates the account too;
// - POST /checkout/login, /checkout/register: log in or register from the checkout page without leaving it;
// - POST /json/promo-code {code, product_id, variant_id, quantity}: checks a code for the cart;
// - POST /transaction/{hash}/pending: the payment status page's poll;
// - POST /payments/test/{hash}/pay|fail: the simulated payment page's buttons (test provider).
// Each checkout answers {hash, redirect} (the provider's payment page, or the status page when free) and, as a
// plain form post, a 303 to the same place.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { logIn } from "#core/accounts/log-in.ts";
import { logOut } from "#core/accounts/log-out.ts";
import { publicUser } from "#core/accounts/public-user.ts";
import { register } from "#core/accounts/register.ts";
import { AppError } from "#core/errors.ts";
import { AFFILIATE_COOKIE, findActiveAffiliateCode } from "#core/promo/affiliate-attribution.ts";
import { checkPromoCode } from "#core/promo/redeem-promo-code.ts";
import { checkoutRegisterSchema, checkoutSchema } from "#core/selling/checkout-schema.ts";
import { handleNotification } from "#core/selling/handle-notification.ts";
import { loadOffer, type OfferRef } from "#core/selling/offers.ts";
import { quote } from "#core/selling/pricing.ts";
import { startCheckout } from "#core/selling/start-checkout.ts";
import { getTransactionView } from "#core/selling/transaction-status.ts";
import { parseInput } from "#core/validation.ts";
import type { User } from "#platform/db/schema.ts";
import { completionHooks } from "../payments.ts";
import type { Services } from "../services.ts";
import { publicAddressFor } from "../plugins/request-context.ts";
import { handle } from "../http/respond.ts";
import { client, startSession } from "./accounts.ts";
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";
import { exemptions, limited, routeLimits } from "../http/route-limits.ts";

type SlugParams = { Params: { slug: string } };

function offerRef(request: FastifyRequest<SlugParams>, products: boolean): OfferRef {
  return products ? { productSlug: request.params.slug } : { courseSlug: request.params.slug };
}

function checkoutPage(request: FastifyRequest<SlugParams>, products: boolean) {
  return `${products ? "/products" : ""}/${request.params.slug}/checkout`;
}

export async function checkoutRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const hooks = completionHooks(services);
  const deps = { db: services.db, providers: services.payments, hooks };

  async function checkout(request: FastifyRequest<SlugParams>, buyer: User, products: boolean) {
    const affiliate = await findActiveAffiliateCode(services.db, request.cookies[AFFILIATE_COOKIE]);
    return startCheckout(deps, buyer, offerRef(request, products), request.body ?? {}, {
      baseUrl: publicAddressFor(request, services),
      lang: request.ctx.lang,
      ip: request.ip,
      affiliateCodeId: affiliate?.id ?? null,
    });
  }

  for (const products of [false, true]) {
    const prefix = products ? "/products/:slug" : "/:slug";

    app.post<SlugParams>(`${prefix}/onepagecheckout`, limited(routeLimits.checkout), (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          const user = request.ctx.user;
          if (!user) throw new AppError("unauthenticated");
          const result = await checkout(request, user, products);
          return { json: result, redirect: result.redirect };
        },
        checkoutPage(request, products),
      ),
    );

    app.post<SlugParams>(`${prefix}/onepagecheckoutregister`, limited(routeLimits.register), (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          // Both forms are checked before the account exists, so that a mistake never leaves half a purchase.
          parseInput(checkoutSchema, request.body ?? {});
          const account = parseInput(checkoutRegisterSchema, request.body ?? {});
          const body = (request.body ?? {}) as Record<string, unknown>;
          const { user, token, session } = await register(
            services.accounts,
            { ...account, name: body.name },
            client(request),
          );
          if (request.ctx.sessionId) await logOut(services.db, request.ctx.sessionId);
          const csrf = startSession(request, reply, services, token, session.id);
          const result = await checkout(request, user, products);
          return { json: { ...result, csrf_token: csrf, user: publicUser(user) }, redirect: result.redirect };
        },
        checkoutPage(request, products),
      ),
    );
  }

  // The checkout page's own log-in and registration: the buyer stays on the page, which takes the new CSRF token.
  app.post("/checkout/login", limited(routeLimits.login), async (request, reply) => {
    const { user, token, session } = await logIn(services.accounts, request.body, client(request));
    if (request.ctx.sessionId) await logOut(services.db, request.ctx.sessionId);
    return { user: publicUser(user), csrf_token: startSession(request, reply, services, token, session.id) };
  });

  app.post("/checkout/register", limited(routeLimits.register), async (request, reply) => {
    const { user, token, session } = await register(services.accounts, request.body, client(request));
    if (request.ctx.sessionId) await logOut(services.db, request.ctx.sessionId);
    return { user: publicUser(user), csrf_token: startSession(request, reply, services, token, session.id) };
  });

  const promoCheckSchema = z.object({
    code: z.string().trim().min(1).max(64),
    product_id: formIdSchema,
    variant_id: formIdSchema.optional(),
    quantity: z.coerce.number().int().min(1).max(100).default(1),
  });

  app.post("/json/promo-code", limited(routeLimits.promoCheck), async (request) => {
    const input = parseInput(promoCheckSchema, request.body ?? {});
    const product = await services.db
      .selectFrom("products as p")
      .leftJoin("courses as c", "c.id", "p.course_id")
      .select(["p.kind", "p.slug", "c.slug as course_slug"])
      .where("p.id", "=", input.product_id)
      .executeTakeFirst();
    if (!product) throw new AppError("not_found");
    const offer = await loadOffer(
      services.db,
      product.kind === "course" ? { courseSlug: product.course_slug! } : { productSlug: product.slug! },
    );
    if (!offer) throw new AppError("not_found");
    const variant = offer.variants.find((v) => v.id === input.variant_id) ?? offer.variants[0];
    if (!variant) throw new AppError("not_found");
    const promo = await checkPromoCode(services.db, {
      code: input.code,
      productId: offer.product.id,
      userId: request.ctx.user?.id ?? null,
    });
    const price = quote(variant.price_cents, input.quantity, offer.product.vat_rate, promo);
    return {
      promo_code: { code: promo.code, kind: promo.kind, amount: promo.amount },
      discount_cents: price.discountCents,
      total_cents: price.totalCents,
      vat_cents: price.vatCents,
    };
  });

  // The poll only reads, and the hash authorises it: no session lookup and no CSRF token (there is nothing to
  // forge; a cross-site page cannot read the answer). It is the launch-day hot path (bench/selling.ts).
  const pollConfig = { config: { visitor: false as const, csrf: false, rateLimit: exemptions.reads } };
  app.post<{ Params: { hash: string } }>("/transaction/:hash/pending", pollConfig, async (request) => {
    const view = await getTransactionView(services.db, request.params.hash);
    if (!view) throw new AppError("not_found");
    return view;
  });

  // The simulated payment page's buttons: the same verification path as a real provider's notification.
  for (const decision of ["pay", "fail"] as const) {
    app.post<{ Params: { hash: string } }>(
      `/payments/test/:hash/${decision}`,
      limited(routeLimits.checkout),
      (request, reply) =>
        handle(
          request,
          reply,
          async () => {
            const test = await services.payments.get("test");
            const transaction = await services.db
              .selectFrom("transactions")
              .select(["hash", "total_cents", "currency", "provider"])
              .where("hash", "=", request.params.hash)
              .executeTakeFirst();
            if (!test || !services.payments.test || !transaction || transaction.provider !== "test")
              throw new AppError("not_found");
            const input = services.payments.test.signedNotification(
              { hash: transaction.hash, amountCents: transaction.total_cents, currency: transaction.currency },
              decision === "pay" ? "paid" : "failed",
            );
            await handleNotification({ db: services.db, log: request.log, hooks }, test, input);
            const redirect = `/transaction/${transaction.hash}`;
            return { json: { redirect }, redirect };
          },
          `/payments/test/${request.params.hash}`,
        ),
    );
  }
}
