// Record a refund (POST /home/transactions/{id}/refund {amount, reason, revoke_access}): the amount in the
// currency's units (at most the total), the reason, and whether the access goes too. Recorded only: no money is
// sent back through the payment provider, and the form says so.
import { useRevalidator } from "react-router";
import { Info } from "lucide-react";
import { refundSchema } from "#core/transactions/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Checkbox, FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { TextArea } from "./text-area.tsx";
import { MoneyInput } from "#app/ui/money-input.tsx";

export function RefundForm({
  transactionId,
  total,
  defaultAmount,
}: {
  transactionId: number;
  total: string;
  defaultAmount: string;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/transactions/${transactionId}/refund`;
  const form = useApiForm({
    url,
    schema: refundSchema,
    toBody: (data) => ({
      amount: String(data.get("amount") ?? ""),
      reason: String(data.get("reason") ?? ""),
      revoke_access: data.get("revoke_access") === "on",
    }),
    onSuccess: () => {
      toast.success(t("transactions:refunded_toast"));
      void revalidator.revalidate();
    },
  });
  return (
    <form
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="refund-title"
    >
      <h3 id="refund-title" className="font-semibold">
        {t("transactions:refund_title")}
      </h3>
      <p className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t("transactions:refund_recorded_only")}
      </p>
      <CsrfField />
      <FormAlert message={form.message} />
      <MoneyInput
        label={t("transactions:refund_amount")}
        name="amount"
        defaultValue={defaultAmount}
        hint={t("transactions:refund_amount_hint", { max: total })}
        errors={form.errors.amount}
        className="max-w-xs"
      />
      <TextArea label={t("transactions:reason")} name="reason" errors={form.errors.reason} />
      <Checkbox label={t("transactions:revoke_access")} name="revoke_access" />
      <Button type="submit" variant="danger" disabled={form.pending} className="self-start">
        {t("transactions:record_refund")}
      </Button>
    </form>
  );
}
