// The price variants of an offer as radio cards (spec §9: up to three per course): each with its price and, while a
// promotion runs, the promo price, the regular price struck through and the lowest price of the last 30 days.
import { useId } from "react";
import type { VariantOffer } from "#core/selling/offers.ts";
import { useT } from "#app/lib/i18n.tsx";
import { GroupError } from "./checkout-section.tsx";
import { useMoney } from "./money.ts";

export function variantLabel(variant: VariantOffer, t: ReturnType<typeof useT>): string {
  return variant.name || t("purchase:variant_fallback", { number: variant.position });
}

export function PriceTag({
  variant,
  currency,
  size = "base",
}: {
  variant: VariantOffer;
  currency: string;
  size?: "base" | "large";
}) {
  const t = useT();
  const money = useMoney(currency);
  const big = size === "large" ? "text-2xl" : "text-lg";
  if (variant.price_cents === 0) return <span className={`${big} font-bold`}>{t("catalog:free")}</span>;
  if (!variant.promo_active)
    return <span className={`${big} font-bold tabular-nums`}>{money(variant.price_cents)}</span>;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className="sr-only">{t("catalog:promo_price")}: </span>
        <span className={`${big} font-bold text-red-700 tabular-nums`} data-testid="promo-price">
          {money(variant.price_cents)}
        </span>
        <span className="sr-only">{t("catalog:regular_price")}: </span>
        <s className="text-sm text-muted tabular-nums" data-testid="regular-price">
          {money(variant.regular_cents)}
        </s>
      </span>
      {variant.lowest_30_days_cents !== null && (
        <span className="text-xs text-muted" data-testid="lowest-30-days">
          {t("catalog:lowest_30_days", { price: money(variant.lowest_30_days_cents) })}
        </span>
      )}
    </span>
  );
}

export function VariantChoice({
  variants,
  currency,
  value,
  onChange,
  errors,
}: {
  variants: VariantOffer[];
  currency: string;
  value: number;
  onChange: (id: number) => void;
  errors?: string[];
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend className="sr-only">{t("purchase:choose_variant")}</legend>
      <div className="grid gap-3">
        {variants.map((variant) => (
          <label
            key={variant.id}
            data-variant={variant.id}
            className="flex cursor-pointer items-start gap-3 rounded-lg bg-white p-4 ring-1 ring-gray-300 transition-shadow hover:ring-gray-400 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="variant_id"
              value={variant.id}
              checked={value === variant.id}
              onChange={() => onChange(variant.id)}
              className="mt-1 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
            />
            <span className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <span className="font-medium break-words">{variantLabel(variant, t)}</span>
              <span className="sm:text-right">
                <PriceTag variant={variant} currency={currency} />
              </span>
            </span>
          </label>
        ))}
      </div>
      <GroupError id={`${id}-error`} name="variant_id" errors={errors} />
    </fieldset>
  );
}
