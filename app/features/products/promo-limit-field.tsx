// The promotional packages limit (§3, §9: -1 unlimited): how many units may sell at a promo price, with how many
// have ("sold 3 of 10"). When they are sold out, the promotion ends for everyone.
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/ui/field.tsx";

export function PromoLimitField({
  value,
  onChange,
  errors,
  sold,
  limit,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: FieldMessages;
  /** what is saved now (null for a new product) */
  sold: number | null;
  limit: number | null;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <Field
        label={t("products:promo_limit")}
        name="promo_limit"
        inputMode="numeric"
        className="sm:max-w-xs"
        hint={t("products:promo_limit_hint")}
        errors={errors.promo_limit}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {sold !== null && limit !== null && (
        <p className="text-sm text-ink" data-testid="promo-packages">
          {limit < 0 ? t("products:promo_sold_unlimited", { sold }) : t("products:promo_sold_of", { sold, limit })}
          {limit >= 0 && sold >= limit && (
            <span className="ml-2 font-semibold text-red-800">{t("products:promo_sold_out")}</span>
          )}
        </p>
      )}
    </div>
  );
}
