// The loader of both checkout pages (/{course}/checkout and /products/{slug}/checkout): the offer, the enabled
// payment providers, the viewer, and a promo code remembered from a ?promo= link (its cookie). 404 when there is nothing
// to buy; a course the viewer may already watch leads to its watch page.
import { AppError } from "#core/errors.ts";
import { redirect, type RouterContextProvider } from "react-router";
import { getCheckoutView } from "#core/selling/get-checkout-view.ts";
import type { OfferRef } from "#core/selling/offers.ts";
import { cookieValue, PROMO_COOKIE } from "#core/selling/promo-cookie.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";

export async function loadCheckoutPage(context: Readonly<RouterContextProvider>, request: Request, ref: OfferRef) {
  const { request: ctx, services } = context.get(pageContext);
  // A ?promo= link's cookie (server/http/code-links.ts); on the very answer that sets it, the page's script reads it.
  const promoCode = cookieValue(request.headers.get("cookie"), PROMO_COOKIE);
  const view = await getCheckoutView({ db: services.db, providers: services.payments }, ref, ctx.user, { promoCode });
  if (!view) throw new AppError("not_found");
  if (view.owned && view.paths.watch) throw redirect(view.paths.watch);
  const first = view.variants[0]!;
  return {
    view,
    lang: ctx.lang,
    schoolName: ctx.school?.name ?? "Studium",
    user: ctx.user ? { name: ctx.user.name, email: ctx.user.email } : null,
    registrationEnabled: Boolean(ctx.school?.registration_enabled),
    /** for messages of a plain form post sent back with ?error= (a price in them is the current one) */
    currentPrice: formatMoney(first.price_cents, view.product.currency, ctx.lang),
  };
}

export type CheckoutPageData = Awaited<ReturnType<typeof loadCheckoutPage>>;
