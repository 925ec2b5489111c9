// A checkout (spec §2, §7 /{x}/onepagecheckout): the buyer's choice is priced on the server, limited stock is
// reserved and the transaction written in one database transaction; then the payment is created at the chosen
// provider (outside it: a network call must not hold the database) and the buyer is sent there. A free total
// skips payment and grants access at once. Every failure is a clear message in the page's language.
import { randomBytes } from "node:crypto";
import { AppError } from "#core/errors.ts";
import { checkPromoCode, promoCodeError, reservePromoCodeUse } from "#core/promo/redeem-promo-code.ts";
import { parseInput } from "#core/validation.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { PromoCode, User } from "#platform/db/schema.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { checkoutSchema, invoiceDetails, type CheckoutInput } from "./checkout-schema.ts";
import { type CompletionHooks, completeTransaction } from "./complete-transaction.ts";
import { failTransaction } from "./fail-transaction.ts";
import { loadOffer, type Offer, type OfferRef, type VariantOffer } from "./offers.ts";
import type { PaymentProvider } from "#core/ports/payments.ts";
import { quote, type Quote } from "./pricing.ts";
import type { SellingDeps } from "./provider-source.ts";
import { reservePromoPackages } from "./reservations.ts";

export type CheckoutContext = { baseUrl: string; lang: Lang; ip: string; affiliateCodeId: number | null };
export type CheckoutResult = { hash: string; redirect: string; free: boolean };

export function newTransactionHash(): string {
  return randomBytes(24).toString("base64url");
}

function chooseVariant(offer: Offer, variantId: number | undefined): VariantOffer {
  const variant = variantId === undefined ? offer.variants[0] : offer.variants.find((v) => v.id === variantId);
  if (!variant) throw new AppError("validation", { fields: { variant_id: [{ key: "validation:in" }] } });
  return variant;
}

/** The price the buyer saw must still hold: a promotion that sold out or ended meanwhile is said out loud. */
function checkSeenPrice(input: CheckoutInput, variant: VariantOffer, offer: Offer, lang: Lang) {
  if (input.unit_price_cents === undefined || input.unit_price_cents === variant.price_cents) return;
  const price = formatMoney(variant.price_cents, offer.product.currency, lang);
  const soldOut = offer.promo_packages_left === 0 && input.unit_price_cents < variant.price_cents;
  throw new AppError("conflict", {
    messageKey: soldOut ? "checkout:promo_sold_out" : "checkout:price_changed",
    values: { price },
  });
}

async function checkBuyable(db: Db, offer: Offer, buyer: User, input: CheckoutInput) {
  const kind = offer.product.kind;
  if (input.quantity > 1 && kind !== "course")
    throw new AppError("validation", { fields: { quantity: [{ key: "checkout:quantity_courses_only" }] } });
  if (offer.variants.length === 0) throw new AppError("not_found");
  if (input.quantity > 1 || buyer.role === "admin") return;
  const now = nowIso();
  const owned =
    kind === "course"
      ? await db
          .selectFrom("course_access")
          .select("id")
          .where("user_id", "=", buyer.id)
          .where("course_id", "=", offer.course!.id)
          .where("revoked_at", "is", null)
          .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
          .executeTakeFirst()
      : await db
          .selectFrom("product_access")
          .select("id")
          .where("user_id", "=", buyer.id)
          .where("product_id", "=", offer.product.id)
          .where("revoked_at", "is", null)
          .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
          .executeTakeFirst();
  if (owned) throw new AppError("conflict", { messageKey: "checkout:already_owned" });
}

async function chooseProvider(deps: SellingDeps, requested: string, total: number): Promise<PaymentProvider | null> {
  if (total === 0) return null;
  const enabled = await deps.providers.enabled();
  if (enabled.length === 0) throw new AppError("unavailable", { messageKey: "checkout:no_provider" });
  const name = requested || enabled[0]!;
  const provider = enabled.includes(name as never) ? await deps.providers.get(name) : null;
  if (!provider) throw new AppError("validation", { fields: { provider: [{ key: "validation:in" }] } });
  return provider;
}

type Draft = {
  offer: Offer;
  variant: VariantOffer;
  price: Quote;
  promo: PromoCode | null;
  provider: PaymentProvider | null;
};

async function writeTransaction(
  deps: SellingDeps,
  buyer: User,
  input: CheckoutInput,
  draft: Draft,
  context: CheckoutContext,
) {
  const { offer, variant, price, promo, provider } = draft;
  const hash = newTransactionHash();
  const id = await deps.db.transaction().execute(async (trx) => {
    const promoPackage = variant.promo_active && offer.product.promo_limit >= 0;
    if (promoPackage && !(await reservePromoPackages(trx, offer.product.id, input.quantity))) {
      const regular = formatMoney(variant.regular_cents, offer.product.currency, context.lang);
      throw new AppError("conflict", { messageKey: "checkout:promo_sold_out", values: { price: regular } });
    }
    if (promo && !(await reservePromoCodeUse(trx, promo.id))) throw promoCodeError();
    const now = nowIso();
    const row = await trx
      .insertInto("transactions")
      .values({
        hash,
        user_id: buyer.id,
        product_id: offer.product.id,
        variant_id: variant.id,
        quantity: input.quantity,
        unit_price_cents: price.unitCents,
        discount_cents: price.discountCents,
        total_cents: price.totalCents,
        vat_rate: offer.product.vat_rate,
        currency: offer.product.currency,
        status: "NEW",
        provider: provider?.name ?? "free",
        promo_package: promoPackage ? 1 : 0,
        promo_code_id: promo?.id ?? null,
        affiliate_code_id: context.affiliateCodeId,
        buyer_name: input.name,
        buyer_email: buyer.email,
        invoice: invoiceDetails(input) ? JSON.stringify(invoiceDetails(input)) : null,
        consents: JSON.stringify({ terms: true, marketing: input.marketing, at: now }),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return { id, hash };
}

export async function startCheckout(
  deps: SellingDeps & { hooks?: CompletionHooks },
  buyer: User,
  ref: OfferRef,
  rawInput: unknown,
  context: CheckoutContext,
): Promise<CheckoutResult> {
  const input = parseInput(checkoutSchema, rawInput);
  const offer = await loadOffer(deps.db, ref);
  if (!offer) throw new AppError("not_found");
  const variant = chooseVariant(offer, input.variant_id);
  checkSeenPrice(input, variant, offer, context.lang);
  await checkBuyable(deps.db, offer, buyer, input);
  const promo = input.promo_code
    ? await checkPromoCode(deps.db, { code: input.promo_code, productId: offer.product.id, userId: buyer.id })
    : null;
  const price = quote(variant.price_cents, input.quantity, offer.product.vat_rate, promo);
  const provider = await chooseProvider(deps, input.provider, price.totalCents);

  const { id, hash } = await writeTransaction(deps, buyer, input, { offer, variant, price, promo, provider }, context);
  const statusPage = `/transaction/${hash}`;
  if (!provider) {
    await completeTransaction(deps.db, id, deps.hooks);
    return { hash, redirect: statusPage, free: true };
  }
  try {
    const start = await provider.createPayment({
      hash,
      amountCents: price.totalCents,
      currency: offer.product.currency,
      description: offer.product.title.slice(0, 120),
      buyer: { email: buyer.email, name: input.name },
      language: context.lang,
      returnUrl: `${context.baseUrl}${statusPage}`,
      notifyUrl: `${context.baseUrl}/payments/${provider.name}/notify`,
      customerIp: context.ip,
    });
    await deps.db
      .updateTable("transactions")
      .set({ status: "PENDING", provider_ref: start.providerRef, updated_at: nowIso() })
      .where("id", "=", id)
      .where("status", "=", "NEW")
      .execute();
    return { hash, redirect: start.redirectUrl, free: false };
  } catch (error) {
    await failTransaction(deps.db, id, "ERROR", error instanceof Error ? error.message : "payment creation failed");
    throw new AppError("unavailable", { messageKey: "checkout:transaction_error" });
  }
}
