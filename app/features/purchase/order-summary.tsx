// The order summary beside the form (below it on phones): the product and its option, unit price x quantity, the
// promo code's discount, the total and the VAT it includes; the consents and the pay button come after it.
import type { ReactNode } from "react";
import type { VariantOffer } from "#core/selling/offers.ts";
import type { Quote } from "#core/selling/pricing.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CoverImage } from "#app/features/catalog/course-card.tsx";
import { useMoney } from "./money.ts";
import { PriceTag, variantLabel } from "./variant-choice.tsx";

export function OrderSummary({
  title,
  cover,
  currency,
  variant,
  showVariant,
  price,
  promoCode,
  children,
}: {
  title: string;
  cover: string | null;
  currency: string;
  variant: VariantOffer;
  showVariant: boolean;
  price: Quote;
  promoCode: string | null;
  children: ReactNode;
}) {
  const t = useT();
  const money = useMoney(currency);
  return (
    <section
      aria-labelledby="order-summary"
      className="overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-200"
      data-testid="order-summary"
    >
      <div className="flex items-start gap-4 border-b border-gray-100 p-5">
        <CoverImage src={cover} className="aspect-video w-24 shrink-0 rounded-md bg-brand-50 object-cover" />
        <div className="min-w-0">
          <h2 id="order-summary" className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t("purchase:summary_title")}
          </h2>
          <p className="mt-1 font-semibold break-words" data-testid="summary-product">
            {title}
          </p>
          {showVariant && <p className="text-sm text-muted">{variantLabel(variant, t)}</p>}
        </div>
      </div>
      <div className="flex flex-col gap-4 p-5">
        {variant.promo_active && <PriceTag variant={variant} currency={currency} />}
        <dl className="flex flex-col gap-2 text-sm">
          {price.subtotalCents > 0 && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted">
                {t("purchase:unit_times_quantity", { price: money(price.unitCents), quantity: price.quantity })}
              </dt>
              <dd className="tabular-nums" data-testid="summary-subtotal">
                {money(price.subtotalCents)}
              </dd>
            </div>
          )}
          {price.discountCents > 0 && (
            <div className="flex justify-between gap-4 text-emerald-800">
              <dt className="min-w-0 break-all">{t("purchase:discount", { code: promoCode ?? "" })}</dt>
              <dd className="tabular-nums" data-testid="summary-discount">
                −{money(price.discountCents)}
              </dd>
            </div>
          )}
          <div
            className={`flex items-baseline justify-between gap-4 ${price.subtotalCents > 0 ? "mt-2 border-t border-gray-200 pt-3" : ""}`}
          >
            <dt className="text-base font-semibold">{t("purchase:total")}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="summary-total">
              {price.subtotalCents > 0 ? money(price.totalCents) : t("catalog:free")}
            </dd>
          </div>
        </dl>
        {price.vatRate > 0 && price.totalCents > 0 && (
          <p className="-mt-3 text-right text-xs text-muted" data-testid="summary-vat">
            {t("purchase:vat_included", { amount: money(price.vatCents), rate: price.vatRate })}
          </p>
        )}
        {children}
      </div>
    </section>
  );
}
