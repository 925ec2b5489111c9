// A product's prices on its page, like the course sales page's price box: for each price variant its name, the
// price, and while a promotion runs the promo price with the regular one struck through, the lowest price of the
// 30 days before the promotion (EU Omnibus) and when the offer ends. (How many promotional packages are left is not
// shown: the page is cached for visitors, and purchases do not renew it.)
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";

export type VariantPriceView = {
  id: number;
  name: string;
  /** formatted; null: free */
  regular: string | null;
  promo: string | null;
  lowest30: string | null;
  promoEnds: string | null;
};

export function VariantPrices({ variants }: { variants: VariantPriceView[] }) {
  const t = useT();
  const several = variants.length > 1;
  return (
    <div>
      <ul className={clsx("flex flex-col", several && "divide-y divide-gray-100")} aria-label={t("products:prices")}>
        {variants.map((variant) => (
          <li key={variant.id} data-variant-id={variant.id} className={clsx(several && "py-3 first:pt-0 last:pb-0")}>
            {(several || variant.name) && (
              <p className="text-sm font-semibold text-ink" data-testid="variant-name">
                {variant.name || t("products:variant_standard")}
              </p>
            )}
            {variant.promo ? (
              <div data-price="promo">
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <span className="sr-only">{t("catalog:promo_price")}: </span>
                  <span className={clsx("font-bold text-red-700", several ? "text-2xl" : "text-3xl")} data-testid="promo-price">
                    {variant.promo}
                  </span>
                  <span className="sr-only">{t("catalog:regular_price")}: </span>
                  <s className="text-lg text-muted" data-testid="regular-price">
                    {variant.regular}
                  </s>
                </p>
                {variant.lowest30 && (
                  <p className="mt-1 text-sm text-muted" data-testid="lowest-30-days">
                    {t("catalog:lowest_30_days", { price: variant.lowest30 })}
                  </p>
                )}
                {variant.promoEnds && (
                  <p className="mt-1 text-sm font-medium text-red-700">{t("catalog:promo_ends", { date: variant.promoEnds })}</p>
                )}
              </div>
            ) : (
              <p data-price="regular">
                <span className="sr-only">{t("catalog:price")}: </span>
                <span className={clsx("font-bold", several ? "text-2xl" : "text-3xl")} data-testid="price">
                  {variant.regular ?? t("catalog:free")}
                </span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
