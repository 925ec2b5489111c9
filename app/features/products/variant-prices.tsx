// A product's prices on its page: for each price variant its name and its price, shown as on the course sales page
// (price-tag.tsx). (How many promotional packages are left is not shown: the page is cached for visitors, and
// purchases do not renew it.)
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";
import { type PriceView, PriceTag } from "#app/features/catalog/price-tag.tsx";

export type VariantPriceView = PriceView & { id: number; name: string };

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
            <PriceTag price={variant} size={several ? "text-2xl" : "text-3xl"} priceTestId="price" />
          </li>
        ))}
      </ul>
    </div>
  );
}
