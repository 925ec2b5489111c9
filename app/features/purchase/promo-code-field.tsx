// The promo code: typed and applied with Apply (POST /json/promo-code), its error below the field ('Invalid coupon
// code', 'Coupon code expired', 'Promo code already used'). A code remembered from a ?promo= link comes prefilled.
// Before the page's script runs the field is simply sent with the order and applied there.
import { useId } from "react";
import { Tag, X } from "lucide-react";
import type { AppliedPromo } from "#core/selling/get-checkout-view.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";

export function PromoCodeField({
  value,
  onChange,
  applied,
  discount,
  errors,
  pending,
  onApply,
  onRemove,
}: {
  value: string;
  onChange: (value: string) => void;
  applied: AppliedPromo | null;
  /** the applied code's discount, formatted */
  discount: string | null;
  errors?: string[];
  pending: boolean;
  onApply: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const id = useId();
  const invalid = Boolean(errors?.length);
  if (applied) {
    return (
      <div
        className="flex items-center justify-between gap-2 rounded-lg bg-emerald-50 py-2 pr-2 pl-4 ring-1 ring-emerald-200"
        data-testid="promo-applied"
      >
        <input type="hidden" name="promo_code" value={applied.code} />
        <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-emerald-900" role="status">
          <Tag aria-hidden className="size-4 shrink-0" />
          <span className="break-words">
            {t("purchase:promo_applied", { code: applied.code, discount: discount ?? "" })}
          </span>
        </p>
        <Button
          variant="ghost"
          className="min-h-9 shrink-0 px-2! text-emerald-900 hover:bg-emerald-100"
          onClick={onRemove}
        >
          <X aria-hidden className="size-4" />
          {t("purchase:promo_remove")}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t("purchase:promo_code")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="promo_code"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter in this field applies the code instead of sending the order.
            if (event.key === "Enter") {
              event.preventDefault();
              onApply();
            }
          }}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className={`min-h-10 min-w-0 flex-1 rounded-md border bg-white px-3 py-2 text-base text-ink uppercase shadow-sm placeholder:normal-case sm:text-sm ${invalid ? "border-red-600" : "border-gray-300"}`}
        />
        <Button variant="secondary" onClick={onApply} disabled={pending || !value.trim()} className="shrink-0">
          {t("purchase:promo_apply")}
        </Button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error="promo_code">
          {errors!.join(" ")}
        </p>
      )}
    </div>
  );
}
