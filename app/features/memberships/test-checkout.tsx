// The test provider's simulated payment page for a membership (/subscribe/test/{hash}): a banner that no money
// moves, what is being paid, and the outcomes to try: pay with a card that renews, with one that will be declined
// at renewal, with one reported stolen (a hard decline), or decline the payment. Each is a plain form (with the
// CSRF field) that the page's script turns into a JSON call.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { TestPaymentFrame, TestPaymentRow } from "#app/features/purchase/test-payment-frame.tsx";
import type { TestCheckoutView } from "#core/memberships/get-test-checkout-view.ts";
import { api, ApiError } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { useMoney } from "#app/features/purchase/money.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { periodLabel } from "./subscribe-checkout.tsx";

type Choice = {
  decision: "pay" | "decline";
  card?: "ok" | "decline" | "stolen";
  label: string;
  look: "primary" | "secondary";
};

export function TestCheckout({ view, merchant }: { view: TestCheckoutView; merchant: string }) {
  const t = useT();
  const navigate = useNavigate();
  const money = useMoney(view.currency);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const choices: Choice[] = [
    { decision: "pay", card: "ok", label: "memberships:test_pay_ok", look: "primary" },
    { decision: "pay", card: "decline", label: "memberships:test_pay_decline_later", look: "secondary" },
    { decision: "pay", card: "stolen", label: "memberships:test_pay_stolen_later", look: "secondary" },
    { decision: "decline", label: "memberships:test_decline", look: "secondary" },
  ];

  function decide(choice: Choice) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setPending(true);
      setMessage(undefined);
      try {
        const answer = await api<{ redirect: string }>(
          "POST",
          `/subscribe/test/${encodeURIComponent(view.hash)}/${choice.decision}`,
          choice.card ? { card: choice.card } : {},
          { handled: [404, 409] },
        );
        navigate(answer.redirect);
      } catch (error) {
        if (error instanceof ApiError && error.status !== 419) setMessage(error.message);
        setPending(false);
      }
    };
  }

  return (
    <TestPaymentFrame
      bannerText={t("memberships:test_banner_text")}
      title={t("memberships:test_title")}
      rows={
        <>
          <TestPaymentRow label={t("purchase:test_merchant")}>{merchant}</TestPaymentRow>
          <TestPaymentRow label={t("memberships:plan")}>{view.plan_name}</TestPaymentRow>
          <div className="flex justify-between gap-4 px-6 py-3">
            <dt className="text-muted">{t("memberships:amount")}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="test-amount">
              {money(view.price_cents)} / {periodLabel(t, view.period_months)}
            </dd>
          </div>
        </>
      }
    >
      <div className="flex flex-col gap-3 border-t border-gray-100 px-6 py-5">
        <FormAlert message={message} />
        {choices.map((choice) => (
          <form
            key={choice.label}
            method="post"
            action={`/subscribe/test/${encodeURIComponent(view.hash)}/${choice.decision}`}
            onSubmit={decide(choice)}
          >
            <CsrfField />
            {choice.card && <input type="hidden" name="card" value={choice.card} />}
            <button type="submit" disabled={pending} className={buttonClass(choice.look, "w-full")}>
              {t(choice.label)}
            </button>
          </form>
        ))}
      </div>
    </TestPaymentFrame>
  );
}
