// What the checkout page shows (spec §2 checkout and simplified checkout): the offer as it applies now, the payment
// providers a buyer may choose, whether the viewer has it already, and a remembered promo code (a ?promo= link)
// checked for this cart, so the summary shows its discount at once and a plain form post applies it too.
import { isAppError } from "#core/errors.ts";
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { checkPromoCode } from "#core/promo/redeem-promo-code.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { ProductKind, PromoCodeKind, User } from "#platform/db/schema.ts";
import { loadOffer, type Offer, type OfferRef, productPath, type VariantOffer } from "./offers.ts";
import type { PaidProviderName, ProviderSource } from "./provider-source.ts";

export type AppliedPromo = { code: string; kind: PromoCodeKind; amount: number };

export type CheckoutView = {
  product: { id: number; kind: ProductKind; title: string; cover: string | null; currency: string; vat_rate: number };
  course: { id: number; slug: string; title: string } | null;
  variants: VariantOffer[];
  promo_packages_left: number | null;
  providers: PaidProviderName[];
  /** the viewer may use the product now (a course: watch it) */
  owned: boolean;
  promo: AppliedPromo | null;
  /** the code remembered from a ?promo= link, applied or not (it prefills the field) */
  remembered_code: string | null;
  /** the translation key of why the remembered code does not apply */
  promo_error: string | null;
  paths: { product: string; checkout: string; buy: string; buyAndRegister: string; watch: string | null };
};

async function ownsProduct(db: Db, viewer: User | null, offer: Offer): Promise<boolean> {
  if (!viewer) return false;
  if (offer.course) return hasCourseAccess(db, viewer, offer.course.id);
  const now = nowIso();
  const row = await db
    .selectFrom("product_access")
    .select("id")
    .where("user_id", "=", viewer.id)
    .where("product_id", "=", offer.product.id)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .executeTakeFirst();
  return Boolean(row);
}

async function rememberedPromo(db: Db, code: string | undefined, productId: number, viewer: User | null) {
  const trimmed = code?.trim().slice(0, 64);
  if (!trimmed) return { promo: null, remembered_code: null, promo_error: null };
  try {
    const promo = await checkPromoCode(db, { code: trimmed, productId, userId: viewer?.id ?? null });
    return {
      promo: { code: promo.code, kind: promo.kind, amount: promo.amount },
      remembered_code: trimmed,
      promo_error: null,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      promo: null,
      remembered_code: trimmed,
      promo_error: error.fields?.promo_code?.[0]?.key ?? error.messageKey,
    };
  }
}

/** The checkout page of a published product; null when there is none (or it has no price variant). */
export async function getCheckoutView(
  deps: { db: Db; providers: Pick<ProviderSource, "enabled"> },
  ref: OfferRef,
  viewer: User | null,
  options: { promoCode?: string } = {},
): Promise<CheckoutView | null> {
  const offer = await loadOffer(deps.db, ref);
  if (!offer || offer.variants.length === 0) return null;
  const { product, course } = offer;
  const base = productPath(product, course?.slug ?? null);
  const [providers, owned, remembered] = await Promise.all([
    deps.providers.enabled(),
    ownsProduct(deps.db, viewer, offer),
    rememberedPromo(deps.db, options.promoCode, product.id, viewer),
  ]);
  return {
    product: {
      id: product.id,
      kind: product.kind,
      title: product.title,
      cover: coverPhotoUrl(product.cover_image),
      currency: product.currency,
      vat_rate: product.vat_rate,
    },
    course: course ? { id: course.id, slug: course.slug, title: course.title } : null,
    variants: offer.variants,
    promo_packages_left: offer.promo_packages_left,
    providers,
    owned,
    ...remembered,
    paths: {
      product: base,
      checkout: `${base}/checkout`,
      buy: `${base}/onepagecheckout`,
      buyAndRegister: `${base}/onepagecheckoutregister`,
      watch: course ? `/${course.slug}/watch` : null,
    },
  };
}
