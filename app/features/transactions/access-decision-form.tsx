// Grant or deny a transaction's access with a reason (spec §4): POST /home/transactions/{id}/grant | /deny
// {reason}. A plain form before hydration; with the script, checked with the server's schema first.
import { useRevalidator } from "react-router";
import { accessDecisionSchema } from "#core/transactions/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { TextArea } from "./text-area.tsx";

export function AccessDecisionForm({ transactionId, decision }: { transactionId: number; decision: "grant" | "deny" }) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/transactions/${transactionId}/${decision}`;
  const form = useApiForm({
    url,
    schema: accessDecisionSchema,
    onSuccess: () => {
      toast.success(t(decision === "grant" ? "transactions:granted_toast" : "transactions:denied_toast"));
      void revalidator.revalidate();
    },
  });
  return (
    <form
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby={`${decision}-title`}
    >
      <h3 id={`${decision}-title`} className="font-semibold">
        {t(decision === "grant" ? "transactions:grant_title" : "transactions:deny_title")}
      </h3>
      <p className="text-sm text-muted">
        {t(decision === "grant" ? "transactions:grant_text" : "transactions:deny_text")}
      </p>
      <CsrfField />
      <FormAlert message={form.message} />
      <TextArea label={t("transactions:reason")} name="reason" errors={form.errors.reason} />
      <Button
        type="submit"
        variant={decision === "grant" ? "primary" : "danger"}
        disabled={form.pending}
        className="self-start"
      >
        {t(decision === "grant" ? "transactions:grant" : "transactions:deny")}
      </Button>
    </form>
  );
}
