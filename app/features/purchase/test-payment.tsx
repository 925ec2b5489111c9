// The simulated payment page of the test provider: a banner that no money moves, what is being paid, and the two
// outcomes a real provider could report. Each button is its own plain form (with the CSRF field) that the page's
// script turns into a JSON call.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Check, X } from "lucide-react";
import type { TestPaymentView } from "#core/selling/get-test-payment-view.ts";
import { api, ApiError } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { useMoney } from "./money.ts";
import { TestPaymentFrame, TestPaymentRow } from "./test-payment-frame.tsx";

export function TestPayment({ view, merchant }: { view: TestPaymentView; merchant: string }) {
  const t = useT();
  const navigate = useNavigate();
  const money = useMoney(view.currency);
  const [pending, setPending] = useState<"pay" | "fail" | null>(null);
  const [message, setMessage] = useState<string | undefined>();

  function decide(decision: "pay" | "fail") {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setPending(decision);
      setMessage(undefined);
      try {
        const answer = await api<{ redirect: string }>(
          "POST",
          `/payments/test/${encodeURIComponent(view.hash)}/${decision}`,
          {},
          { handled: [404, 409] },
        );
        navigate(answer.redirect);
      } catch (error) {
        if (error instanceof ApiError && error.status !== 419) setMessage(error.message);
        setPending(null);
      }
    };
  }

  return (
    <TestPaymentFrame
      bannerText={t("purchase:test_banner_text")}
      title={t("purchase:test_title")}
      rows={
        <>
          <TestPaymentRow label={t("purchase:test_merchant")}>{merchant}</TestPaymentRow>
          <TestPaymentRow label={t("purchase:status_product")} testId="test-product">
            {view.product_title}
            {view.quantity > 1 && ` × ${view.quantity}`}
          </TestPaymentRow>
          <div className="flex justify-between gap-4 px-6 py-3">
            <dt className="text-muted">{t("purchase:test_buyer")}</dt>
            <dd className="min-w-0 text-right font-medium break-all">{view.buyer_email}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 px-6 py-4">
            <dt className="font-semibold">{t("purchase:test_amount")}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="test-amount">
              {money(view.total_cents)}
            </dd>
          </div>
        </>
      }
    >
      <div className="flex flex-col gap-3 border-t border-gray-100 bg-gray-50 px-6 py-5">
        <FormAlert message={message} />
        <form method="post" action={`/payments/test/${view.hash}/pay`} onSubmit={decide("pay")}>
          <CsrfField />
          <button
            type="submit"
            disabled={pending !== null}
            className={buttonClass(
              "primary",
              "w-full bg-emerald-700 py-3 text-base hover:bg-emerald-800 disabled:bg-emerald-700/50",
            )}
          >
            <Check aria-hidden className="size-5" />
            {t("purchase:test_pay", { amount: money(view.total_cents) })}
          </button>
        </form>
        <form method="post" action={`/payments/test/${view.hash}/fail`} onSubmit={decide("fail")}>
          <CsrfField />
          <button
            type="submit"
            disabled={pending !== null}
            className={buttonClass("secondary", "w-full py-3 text-base text-red-800")}
          >
            <X aria-hidden className="size-5" />
            {t("purchase:test_fail")}
          </button>
        </form>
        <p className="text-center text-xs text-muted">{t("purchase:test_footer")}</p>
      </div>
    </TestPaymentFrame>
  );
}
