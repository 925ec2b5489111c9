// The subscribe checkout (/subscribe/checkout?plan=<id>, spec §2, §7): the plan, its price per period and what it
// opens; a signed-in user accepts the terms and subscribes (POST /subscribe/checkout), a visitor registers on the
// way (POST /subscribe/checkout/register). Either way the answer sends them to the payment page. Plain forms to
// the same addresses before hydration.
import { useId } from "react";
import { Link } from "react-router";
import { BookOpen, MessagesSquare, Package } from "lucide-react";
import type { SubscribeView } from "#core/memberships/get-subscribe-view.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { useMoney } from "#app/features/purchase/money.ts";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { StripeSubscribe } from "./stripe-billing.tsx";
import { ConsentText } from "#app/features/site/consent-text.tsx";

export function periodLabel(t: ReturnType<typeof useT>, months: number): string {
  return t(`memberships:period_${months < 0 ? "lifetime" : months}`);
}

function Terms({ errors }: { errors?: string[] }) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className="text-sm">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name="terms"
          value="on"
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
        />
        <span className="text-ink">
          <ConsentText kind="subscription" />
        </span>
      </label>
      {invalid && (
        <p id={`${id}-error`} className="mt-1 ml-7 text-sm text-red-700" data-field-error="terms">
          {errors!.join(" ")}
        </p>
      )}
    </div>
  );
}

export function SubscribeCheckout({
  view,
  signedIn,
  providerOn,
  stripeOn = false,
  queryError,
  declined,
}: {
  view: SubscribeView;
  signedIn: boolean;
  providerOn: boolean;
  /** Stripe Billing is on: a recurring paid plan also offers it (stripe-billing.tsx) */
  stripeOn?: boolean;
  queryError?: string;
  declined: boolean;
}) {
  const t = useT();
  const money = useMoney(view.plan.currency);
  const url = signedIn ? "/subscribe/checkout" : "/subscribe/checkout/register";
  const form = useApiForm<{ redirect: string }>({
    url,
    onSuccess: (answer) => {
      // A full load: the new session's cookie and CSRF token come with the next page.
      window.location.assign(answer.redirect);
    },
  });
  const { plan, opens } = view;
  const closed = !plan.signups_open;
  const opensAnything = opens.courses.length + opens.products.length + opens.topics.length > 0;
  const offersStripe = stripeOn && plan.price_cents > 0 && plan.period_months > 0 && !view.member && !closed;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 md:grid-cols-[1fr_22rem]">
      <section aria-labelledby="plan-title" className="flex flex-col gap-4">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t("memberships:subscribe_kicker")}
        </p>
        <h1 id="plan-title" className="text-3xl font-bold break-words">
          {plan.name}
        </h1>
        <p className="text-2xl font-semibold tabular-nums" data-testid="plan-price">
          {money(plan.price_cents)}{" "}
          <span className="text-base font-normal text-muted">/ {periodLabel(t, plan.period_months)}</span>
        </p>
        {plan.trial_days > 0 && (
          <p className="text-sm text-ink">{t("memberships:trial_note", { count: plan.trial_days })}</p>
        )}
        {plan.description && <p className="whitespace-pre-line text-ink">{plan.description}</p>}
        {opensAnything && (
          <div>
            <h2 className="mb-2 text-lg font-semibold">{t("memberships:opens_title")}</h2>
            <ul className="flex flex-col gap-2 text-sm">
              {opens.courses.map((title) => (
                <li key={`c-${title}`} className="flex items-center gap-2">
                  <BookOpen aria-hidden className="size-4 text-brand-700" />
                  {title}
                </li>
              ))}
              {opens.products.map((title) => (
                <li key={`p-${title}`} className="flex items-center gap-2">
                  <Package aria-hidden className="size-4 text-brand-700" />
                  {title}
                </li>
              ))}
              {opens.topics.map((title) => (
                <li key={`t-${title}`} className="flex items-center gap-2">
                  <MessagesSquare aria-hidden className="size-4 text-brand-700" />
                  {t("memberships:opens_topic", { title })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <section
        aria-label={t("memberships:subscribe_form")}
        className="flex flex-col gap-4 self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
      >
        {declined && <FormAlert message={t("memberships:payment_declined")} />}
        {view.member ? (
          <>
            <p className="text-sm text-ink">{t("memberships:already_member")}</p>
            <Link to="/my/membership" className="font-medium text-brand-700 underline underline-offset-4">
              {t("memberships:go_to_membership")}
            </Link>
          </>
        ) : closed ? (
          <p className="text-sm text-ink" role="status">
            {t("memberships:signups_closed")}
          </p>
        ) : !providerOn && plan.price_cents > 0 ? (
          !offersStripe && (
            <p className="text-sm text-ink" role="status">
              {t("checkout:no_provider")}
            </p>
          )
        ) : (
          <form method="post" action={url} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
            <CsrfField />
            <input type="hidden" name="plan" value={plan.id} />
            <FormAlert message={form.message ?? queryError} />
            {!signedIn && (
              <>
                <Field label={t("accounts:name")} name="name" autoComplete="name" required errors={form.errors.name} />
                <Field
                  label={t("accounts:email")}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  errors={form.errors.email}
                />
                <Field
                  label={t("accounts:password")}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  errors={form.errors.password}
                />
              </>
            )}
            <Terms errors={form.errors.terms} />
            <Button type="submit" disabled={form.pending}>
              {t("memberships:subscribe_button", { price: money(plan.price_cents) })}
            </Button>
            {!signedIn && (
              <p className="text-sm text-muted">
                {t("memberships:have_account")}{" "}
                <Link
                  to={`/login?next=${encodeURIComponent(`/subscribe/checkout?plan=${plan.id}`)}`}
                  className="font-medium text-brand-700 underline underline-offset-4"
                >
                  {t("memberships:log_in")}
                </Link>
              </p>
            )}
          </form>
        )}
        {offersStripe && <StripeSubscribe planId={plan.id} signedIn={signedIn} />}
      </section>
    </div>
  );
}
