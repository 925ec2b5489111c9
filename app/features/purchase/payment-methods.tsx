// The payment method: one radio card per enabled provider. The built-in test provider says plainly that it is a
// simulation, so nobody takes it for a real payment.
import { useId } from "react";
import { CreditCard, FlaskConical, Landmark } from "lucide-react";
import type { PaidProviderName } from "#core/selling/provider-source.ts";
import { useT } from "#app/lib/i18n.tsx";
import { GroupError } from "./checkout-section.tsx";
import { Badge } from "#app/ui/badge.tsx";

const icons = { test: FlaskConical, stripe: CreditCard, tpay: Landmark, przelewy24: Landmark, payu: Landmark } as const;

export function PaymentMethods({
  providers,
  value,
  onChange,
  errors,
}: {
  providers: PaidProviderName[];
  value: string;
  onChange: (name: PaidProviderName) => void;
  errors?: string[];
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend className="sr-only">{t("purchase:payment_method")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {providers.map((name) => {
          const Icon = icons[name];
          return (
            <label
              key={name}
              data-provider={name}
              className="flex cursor-pointer items-start gap-3 rounded-lg bg-white p-4 ring-1 ring-gray-300 hover:ring-gray-400 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="provider"
                value={name}
                checked={value === name}
                onChange={() => onChange(name)}
                className="mt-1 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
              />
              <span className="flex min-w-0 flex-col gap-1">
                <span className="flex items-center gap-2 font-medium">
                  <Icon aria-hidden className="size-4 shrink-0 text-muted" />
                  {t(`purchase:provider_${name}`)}
                </span>
                <span className="text-sm text-muted">{t(`purchase:provider_${name}_hint`)}</span>
                {name === "test" && (
                  <Badge tone="warning" className="mt-1">
                    {t("purchase:test_badge")}
                  </Badge>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <GroupError id={`${id}-error`} name="provider" errors={errors} />
    </fieldset>
  );
}
