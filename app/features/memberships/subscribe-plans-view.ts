// The plans of a sales page as SubscribePlans shows them: the price formatted in the page's language.
import type { PlanOffer } from "#core/memberships/list-plans-opening.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/catalogs.ts";
import type { SubscribePlan } from "./subscribe-button.tsx";

export function subscribePlansView(plans: PlanOffer[], lang: Lang): SubscribePlan[] {
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: formatMoney(plan.price_cents, plan.currency, lang),
    periodMonths: plan.period_months,
    trialDays: plan.trial_days,
  }));
}
