// Stripe Billing on the memberships pages (issue 15): the subscribe checkout's Stripe option (POST
// /stripe/subscribe/checkout -> {redirect} to Stripe's hosted page; a plain form before hydration), the card
// update of a Stripe member (POST /my/membership/stripe-card -> {redirect} to Checkout in setup mode), and the
// notice shown when Stripe sends the member back. Access itself comes from Stripe's webhooks, never the return.
import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { CreditCard } from "lucide-react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { ConsentText } from "#app/features/site/consent-text.tsx";

export function StripeSubscribe({ planId, signedIn }: { planId: number; signedIn: boolean }) {
  const t = useT();
  const id = useId();
  const form = useApiForm<{ redirect: string }>({
    url: "/stripe/subscribe/checkout",
    onSuccess: (answer) => window.location.assign(answer.redirect),
  });
  const termsErrors = form.errors.terms;
  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 pt-4" data-testid="stripe-subscribe">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <CreditCard aria-hidden className="size-4 text-brand-700" />
        {t("memberships_stripe:provider_label")}
      </h2>
      <p className="text-sm text-muted">{t("memberships_stripe:provider_hint")}</p>
      {signedIn ? (
        <form
          method="post"
          action="/stripe/subscribe/checkout"
          onSubmit={form.onSubmit}
          noValidate
          className="flex flex-col gap-3"
        >
          <CsrfField />
          <input type="hidden" name="plan" value={planId} />
          <FormAlert message={form.message ?? form.errors.provider?.join(" ")} />
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="terms"
              value="on"
              required
              aria-invalid={termsErrors?.length ? true : undefined}
              aria-describedby={termsErrors?.length ? `${id}-error` : undefined}
              className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
            />
            <span className="text-ink">
              <ConsentText kind="subscription" />
            </span>
          </label>
          {termsErrors?.length ? (
            <p id={`${id}-error`} className="ml-7 text-sm text-red-700" data-field-error="terms">
              {termsErrors.join(" ")}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" disabled={form.pending}>
            {t("memberships_stripe:subscribe")}
          </Button>
        </form>
      ) : (
        <Link
          to={`/login?next=${encodeURIComponent(`/subscribe/checkout?plan=${planId}`)}`}
          className="text-sm font-medium text-brand-700 underline underline-offset-4"
        >
          {t("memberships:log_in")}
        </Link>
      )}
    </div>
  );
}

export function StripeCardUpdate({ membershipId }: { membershipId: number }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={pending}
      title={t("memberships_stripe:update_card_hint")}
      onClick={async () => {
        setPending(true);
        try {
          const answer = await api<{ redirect: string }>("POST", "/my/membership/stripe-card", {
            membership_id: membershipId,
          });
          window.location.assign(answer.redirect);
        } catch {
          // the api wrapper has said what went wrong
          setPending(false);
        }
      }}
    >
      <CreditCard aria-hidden className="size-4" />
      {t("memberships_stripe:update_card")}
    </Button>
  );
}

/**
 * After Stripe's hosted page: the webhook may not have arrived yet, so the page says what comes next (a new
 * subscription's notice only while a checkout is still waiting for it).
 */
export function StripeReturnNotice({ waiting }: { waiting: boolean }) {
  const t = useT();
  const returned = new URLSearchParams(useLocation().search).get("stripe");
  if (returned !== "card" && !(returned === "subscribed" && waiting)) return null;
  return (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
      {t(returned === "card" ? "memberships_stripe:card_updated" : "memberships_stripe:subscribed")}
    </p>
  );
}
