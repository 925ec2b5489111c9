// Up to three price variants (§9), each with a name, a price, and a promo price with its start and end (the end
// not before the start). A course product's first variant is the course's own price, shown apart: here the list
// starts at `firstNumber` 2. Every saved change of a variant's prices is kept for the lowest price of 30 days.
import { Plus, Trash2 } from "lucide-react";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { MoneyInput } from "#app/ui/money-input.tsx";
import { PromoPriceFields } from "#app/features/pricing/promo-price-fields.tsx";
import { newVariantState, type VariantState } from "./form-state.ts";

export function VariantsEditor({
  variants,
  onChange,
  errors,
  max,
  min,
  firstNumber = 1,
  currency,
}: {
  variants: VariantState[];
  onChange: (variants: VariantState[]) => void;
  errors: FieldMessages;
  max: number;
  min: number;
  firstNumber?: number;
  /** the product's currency, shown with the prices */
  currency?: string;
}) {
  const t = useT();
  const update = (index: number, change: Partial<VariantState>) =>
    onChange(variants.map((variant, i) => (i === index ? { ...variant, ...change } : variant)));
  const text = (index: number, key: keyof VariantState) => ({
    value: variants[index]![key] as string,
    onChange: (event: { target: { value: string } }) => update(index, { [key]: event.target.value }),
  });
  return (
    <div className="flex flex-col gap-4" data-testid="variants-editor">
      {variants.map((variant, index) => {
        const number = firstNumber + index;
        const field = (name: string) => `variants.${index}.${name}`;
        return (
          <fieldset
            key={variant.key}
            data-variant={number}
            className="flex flex-col gap-4 rounded-lg border border-gray-200 p-4"
          >
            <legend className="px-1 text-sm font-semibold text-ink">{t("products:variant_number", { number })}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t("products:variant_name")}
                name={field("name")}
                maxLength={100}
                hint={t("products:variant_name_hint")}
                errors={errors[field("name")] ?? errors[field("id")]}
                {...text(index, "name")}
              />
              <MoneyInput
                label={t("products:price")}
                name={field("price_cents")}
                currency={currency}
                required
                hint={t("products:price_hint")}
                errors={errors[field("price_cents")]}
                {...text(index, "price")}
              />
            </div>
            <PromoPriceFields
              texts="products"
              currency={currency}
              name={field}
              price={text(index, "promo_price")}
              startsAt={text(index, "promo_starts_at")}
              endsAt={text(index, "promo_ends_at")}
              errors={errors}
            />
            {variants.length > min && (
              <Button
                variant="ghost"
                className="self-start text-red-800"
                onClick={() => onChange(variants.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden className="size-4" />
                {t("products:remove_variant", { number })}
              </Button>
            )}
          </fieldset>
        );
      })}
      {variants.length < max && (
        <Button variant="secondary" className="self-start" onClick={() => onChange([...variants, newVariantState()])}>
          <Plus aria-hidden className="size-4" />
          {t("products:add_variant")}
        </Button>
      )}
      {errors.variants && (
        <p className="text-sm text-red-700" data-field-error="variants">
          {errors.variants.join(" ")}
        </p>
      )}
    </div>
  );
}
