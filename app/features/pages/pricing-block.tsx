// The pricing table: 1-4 plans side by side from 768 px, stacked on phones. A plan naming a course shows that
// course's current price as the server applies it (the promotion with the regular price struck through and the
// lowest price of the 30 days before, EU Omnibus) and its checkout button; a plan of the admin's own shows their
// price text and a button to their link (http(s) or a path on this site, checked in core/pages/schemas.ts).
// Each plan is an article headed by its name (h3, under the page's h2 headings); the highlighted one is marked.
import { Check } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { CheckoutButton } from "#app/features/catalog/checkout-button.tsx";
import type { PlanView } from "./site-page-data.server.ts";

function PlanPrice({ plan }: { plan: PlanView }) {
  const t = useT();
  const course = plan.course;
  if (!course) return <p className="text-3xl font-bold">{plan.priceText}</p>;
  if (course.price.free) return <p className="text-3xl font-bold">{t("pages:pricing_free")}</p>;
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-3xl font-bold">{course.price.promo ?? course.price.regular}</span>
        {course.price.promo && (
          <s className="text-muted">
            <span className="sr-only">{t("pages:pricing_regular")} </span>
            {course.price.regular}
          </s>
        )}
      </p>
      {course.price.promo && course.price.lowest30 && (
        <p className="text-sm text-muted">{t("pages:lowest_30", { price: course.price.lowest30 })}</p>
      )}
    </div>
  );
}

export function PricingBlock({ plans }: { plans: PlanView[] }) {
  const t = useT();
  const columns = ["", "md:grid-cols-1", "md:grid-cols-2", "md:grid-cols-3", "md:grid-cols-2 lg:grid-cols-4"];
  return (
    <section aria-label={t("pages:pricing_label")} className={`grid gap-4 ${columns[plans.length]}`} data-pricing>
      {plans.map((plan, index) => (
        <article
          key={index}
          aria-label={plan.highlighted ? t("pages:pricing_highlighted_label", { name: plan.name }) : undefined}
          className={`flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ${
            plan.highlighted ? "ring-2 ring-brand-600" : "ring-1 ring-gray-200"
          }`}
          data-plan-highlighted={plan.highlighted || undefined}
        >
          <div className="flex flex-col gap-2">
            {plan.highlighted && (
              <p className="self-start rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                {t("pages:pricing_highlighted")}
              </p>
            )}
            <h3 className="text-xl font-semibold text-balance">{plan.name}</h3>
            <PlanPrice plan={plan} />
          </div>
          {plan.features.length > 0 && (
            <ul className="flex flex-col gap-2">
              {plan.features.map((feature, i) => (
                <li key={i} className="flex gap-2">
                  <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-auto">
            {plan.course ? (
              <CheckoutButton
                slug={plan.course.slug}
                hasAccess={plan.course.hasAccess}
                free={plan.course.price.free}
                label={plan.buttonLabel}
              />
            ) : (
              plan.buttonLabel &&
              plan.buttonUrl && (
                <a
                  href={plan.buttonUrl}
                  className={buttonClass(plan.highlighted ? "primary" : "secondary", "w-full text-base")}
                  rel={plan.buttonUrl.startsWith("/") ? undefined : "noopener"}
                >
                  {plan.buttonLabel}
                </a>
              )
            )}
          </div>
        </article>
      ))}
    </section>
  );
}
