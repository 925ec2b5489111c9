// End a membership at once, with a reason: POST /home/memberships/members/{id}/end {reason}. A plain form before
// hydration; with the script, checked with the server's schema first.
import { useRevalidator } from "react-router";
import { endSchema } from "#core/memberships/admin/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { TextArea } from "#app/features/transactions/text-area.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function EndForm({ membershipId }: { membershipId: number }) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/memberships/members/${membershipId}/end`;
  const form = useApiForm({
    url,
    schema: endSchema,
    onSuccess: () => {
      toast.success(t("memberships_admin:ended_toast"));
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
      aria-labelledby="end-title"
    >
      <h3 id="end-title" className="font-semibold">
        {t("memberships_admin:end_title")}
      </h3>
      <p className="text-sm text-muted">{t("memberships_admin:end_text")}</p>
      <CsrfField />
      <FormAlert message={form.message} />
      <TextArea label={t("memberships_admin:reason")} name="reason" errors={form.errors.reason} />
      <Button type="submit" variant="danger" disabled={form.pending} className="self-start">
        {t("memberships_admin:end")}
      </Button>
    </form>
  );
}
