// The payment status page's cards (spec §2 thank-you and payment pending pages, §4, §8): a spinner while the
// payment is pending (with the no-confirmation warning after 60 s), the success card ('Access granted' when free,
// 'Payment successful' when paid, the call to action) and the failure card ('Your payment did not go through',
// 'Go back' to the checkout). On success the conversion is sent once and the promo cookie cleared.
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { AlertTriangle, ArrowLeft, ArrowRight, CheckCircle2, LoaderCircle, XCircle } from "lucide-react";
import type { TransactionView } from "#core/selling/transaction-status.ts";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { useMoney } from "./money.ts";
import { invitationsLeft, nextStepKey } from "./next-step.ts";
import { onPurchaseSucceeded } from "./purchase-effects.ts";
import { usePaymentStatus } from "./use-payment-status.ts";

function Card({
  tone,
  icon,
  children,
}: {
  tone: "pending" | "success" | "failure";
  icon: ReactNode;
  children: ReactNode;
}) {
  const ring = { pending: "ring-gray-200", success: "ring-emerald-200", failure: "ring-red-200" }[tone];
  const band = { pending: "bg-brand-50", success: "bg-emerald-50", failure: "bg-red-50" }[tone];
  return (
    <div
      className={`overflow-hidden rounded-2xl bg-white text-center shadow-md ring-1 ${ring}`}
      data-payment-state={tone}
    >
      <div className={`flex justify-center px-6 pt-8 pb-6 ${band}`}>{icon}</div>
      <div className="flex flex-col items-center gap-3 px-6 pt-6 pb-8 sm:px-10">{children}</div>
    </div>
  );
}

function Details({ view }: { view: TransactionView }) {
  const t = useT();
  const money = useMoney(view.transaction.currency);
  const { transaction } = view;
  return (
    <dl className="mt-2 w-full divide-y divide-gray-100 rounded-lg bg-gray-50 text-left text-sm ring-1 ring-gray-200">
      <div className="flex justify-between gap-4 px-4 py-2.5">
        <dt className="text-muted">{t("purchase:status_product")}</dt>
        <dd className="min-w-0 text-right font-medium break-words">{transaction.product_title}</dd>
      </div>
      {transaction.quantity > 1 && (
        <div className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-muted">{t("purchase:seats")}</dt>
          <dd className="font-medium tabular-nums">{transaction.quantity}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 px-4 py-2.5">
        <dt className="text-muted">{t("purchase:total")}</dt>
        <dd className="font-medium tabular-nums" data-testid="status-amount">
          {transaction.free ? t("catalog:free") : money(transaction.total_cents)}
        </dd>
      </div>
    </dl>
  );
}

export function PaymentStatus({ initial }: { initial: TransactionView }) {
  const t = useT();
  const snapshot = usePaymentStatus(initial);
  const view = snapshot.data;
  const { transaction } = view;

  useEffect(() => {
    if (snapshot.phase === "success") onPurchaseSucceeded(transaction);
  }, [snapshot.phase, transaction]);

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16" aria-live="polite">
      {snapshot.phase === "pending" && (
        <Card
          tone="pending"
          icon={
            <LoaderCircle
              aria-hidden
              className="size-14 animate-spin text-brand-600 motion-reduce:animate-none"
              data-testid="payment-spinner"
            />
          }
        >
          <h1 className="text-2xl font-bold">{t("purchase:pending_title")}</h1>
          <p className="text-muted">{t("purchase:pending_text")}</p>
          {snapshot.warning && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-left text-sm text-amber-900 ring-1 ring-amber-200"
              data-testid="pending-warning"
            >
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t("purchase:pending_warning")}
            </p>
          )}
          <Details view={view} />
          <noscript>
            <a href="" className="mt-2 font-semibold text-brand-700 underline underline-offset-4">
              {t("purchase:refresh_status")}
            </a>
          </noscript>
        </Card>
      )}
      {snapshot.phase === "success" && (
        <Card tone="success" icon={<CheckCircle2 aria-hidden className="size-14 text-emerald-600" />}>
          <h1 className="text-2xl font-bold">
            {transaction.free ? t("purchase:success_title_free") : t("purchase:success_title_paid")}
          </h1>
          <p className="text-muted">{t("purchase:success_text", { product: transaction.product_title })}</p>
          {transaction.product_kind === "course" && transaction.quantity > 1 && (
            <p className="text-sm text-ink" data-testid="invitations-left">
              {t("purchase:invitations_left", { count: invitationsLeft(transaction) })}
            </p>
          )}
          <Details view={view} />
          <Link
            to={view.nextLink}
            className={buttonClass("primary", "mt-3 w-full py-3 text-base sm:w-auto sm:px-8")}
            data-testid="next-step"
          >
            {t(nextStepKey(transaction))}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </Card>
      )}
      {snapshot.phase === "failure" && (
        <Card tone="failure" icon={<XCircle aria-hidden className="size-14 text-red-600" />}>
          <h1 className="text-2xl font-bold">{t("purchase:failure_title")}</h1>
          <p className="text-muted">{t("purchase:failure_text")}</p>
          <Details view={view} />
          <Link
            to={view.checkoutLink}
            className={buttonClass("primary", "mt-3 w-full py-3 text-base sm:w-auto sm:px-8")}
            data-testid="go-back"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {t("purchase:go_back")}
          </Link>
        </Card>
      )}
    </div>
  );
}
