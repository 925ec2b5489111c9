// The plans that open what a sales page sells, each with a button to its subscribe checkout (issue 15, item 2).
// Small and self-contained (the plans come formatted from the loader), so the site builder can place it later.
import { Link } from "react-router";
import { Repeat } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";

export type SubscribePlan = { id: number; name: string; price: string; periodMonths: number; trialDays: number };

export function SubscribeButton({ plan }: { plan: SubscribePlan }) {
  const t = useT();
  return (
    <Link
      to={`/subscribe/checkout?plan=${plan.id}`}
      className={buttonClass("secondary", "w-full")}
      data-subscribe-plan={plan.id}
      aria-label={t("memberships_offer:subscribe_to", { plan: plan.name })}
    >
      <Repeat aria-hidden className="size-4" />
      {t("memberships_offer:subscribe")}
    </Link>
  );
}

export function SubscribePlans({ plans }: { plans: SubscribePlan[] }) {
  const t = useT();
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="subscribe-plans-title" className="mt-4 flex flex-col gap-3 border-t border-gray-200 pt-4">
      <h2 id="subscribe-plans-title" className="text-sm font-semibold text-muted">
        {t("memberships_offer:or_subscribe")}
      </h2>
      <ul className="flex flex-col gap-3">
        {plans.map((plan) => (
          <li key={plan.id} className="flex flex-col gap-2">
            <p className="flex flex-wrap items-baseline justify-between gap-x-2">
              <span className="font-semibold break-words">{plan.name}</span>
              <span className="text-sm tabular-nums">
                {plan.periodMonths < 0
                  ? t("memberships_offer:price_lifetime", { price: plan.price })
                  : t(`memberships_offer:price_per_${plan.periodMonths}`, { price: plan.price })}
              </span>
            </p>
            {plan.trialDays > 0 && (
              <p className="text-xs text-muted">{t("memberships_offer:trial", { count: plan.trialDays })}</p>
            )}
            <SubscribeButton plan={plan} />
          </li>
        ))}
      </ul>
    </section>
  );
}
