// A promotion's price, start and end day, in one row (a course's promotion, a product variant's).
// `texts`: the editor's namespace; `name`: the call's field name (a variant's are "variants.{index}.…").
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { InputProps } from "#app/lib/use-editor-form.ts";
import { Field } from "#app/ui/field.tsx";
import { MoneyInput } from "#app/ui/money-input.tsx";

export function PromoPriceFields({
  texts,
  name = (field) => field,
  price,
  startsAt,
  endsAt,
  currency,
  errors,
}: {
  texts: "products" | "authoring";
  /** shown with the promotion's price */
  currency?: string;
  name?: (field: string) => string;
  price: InputProps;
  startsAt: InputProps;
  endsAt: InputProps;
  errors: FieldMessages;
}) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <MoneyInput
        label={t(`${texts}:promo_price`)}
        name={name("promo_price_cents")}
        currency={currency}
        errors={errors[name("promo_price_cents")]}
        {...price}
      />
      <Field
        label={t(`${texts}:promo_starts_at`)}
        name={name("promo_starts_at")}
        type="date"
        errors={errors[name("promo_starts_at")]}
        {...startsAt}
      />
      <Field
        label={t(`${texts}:promo_ends_at`)}
        name={name("promo_ends_at")}
        type="date"
        errors={errors[name("promo_ends_at")]}
        {...endsAt}
      />
    </div>
  );
}
