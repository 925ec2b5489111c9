// A price as the sales pages show it (a course's, each of a product's variants): while a promotion runs, the promo
// price with the regular one struck through, the lowest price of the 30 days before the promotion (EU Omnibus) and
// when the offer ends; otherwise the price, or "Free". Formatted by the loader.
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";

export type PriceView = {
  /** null: free */
  regular: string | null;
  promo: string | null;
  lowest30: string | null;
  promoEnds: string | null;
};

export function PriceTag({
  price,
  size = "text-3xl",
  priceTestId,
}: {
  price: PriceView;
  /** the amount's text size: smaller where a product lists several variants */
  size?: "text-2xl" | "text-3xl";
  priceTestId?: string;
}) {
  const t = useT();
  if (price.promo) {
    return (
      <div data-price="promo">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="sr-only">{t("catalog:promo_price")}: </span>
          <span className={clsx(size, "font-bold text-red-700")} data-testid="promo-price">
            {price.promo}
          </span>
          <span className="sr-only">{t("catalog:regular_price")}: </span>
          <s className="text-lg text-muted" data-testid="regular-price">
            {price.regular}
          </s>
        </p>
        {price.lowest30 && (
          <p className="mt-1 text-sm text-muted" data-testid="lowest-30-days">
            {t("catalog:lowest_30_days", { price: price.lowest30 })}
          </p>
        )}
        {price.promoEnds && (
          <p className="mt-1 text-sm font-medium text-red-700">{t("catalog:promo_ends", { date: price.promoEnds })}</p>
        )}
      </div>
    );
  }
  return (
    <p data-price="regular">
      <span className="sr-only">{t("catalog:price")}: </span>
      <span className={clsx(size, "font-bold")} data-testid={priceTestId}>
        {price.regular ?? t("catalog:free")}
      </span>
    </p>
  );
}
