// Extend a membership by hand: POST /home/memberships/members/{id}/extend {unit, count, reason}. A plain form
// before hydration; with the script, checked with the server's schema first.
import { useRevalidator } from "react-router";
import { extendSchema } from "#core/memberships/admin/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { TextArea } from "#app/features/transactions/text-area.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function ExtendForm({ membershipId }: { membershipId: number }) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/memberships/members/${membershipId}/extend`;
  const form = useApiForm({
    url,
    schema: extendSchema,
    onSuccess: () => {
      toast.success(t("memberships_admin:extended_toast"));
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
      aria-labelledby="extend-title"
    >
      <h3 id="extend-title" className="font-semibold">
        {t("memberships_admin:extend_title")}
      </h3>
      <p className="text-sm text-muted">{t("memberships_admin:extend_text")}</p>
      <CsrfField />
      <FormAlert message={form.message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t("memberships_admin:extend_count")}
          name="count"
          type="number"
          inputMode="numeric"
          min={1}
          defaultValue="7"
          errors={form.errors.count}
        />
        <SelectField
          label={t("memberships_admin:extend_unit")}
          name="unit"
          defaultValue="days"
          errors={form.errors.unit}
          options={[
            { value: "days", label: t("memberships_admin:unit_days") },
            { value: "periods", label: t("memberships_admin:unit_periods") },
          ]}
        />
      </div>
      <TextArea label={t("memberships_admin:reason")} name="reason" errors={form.errors.reason} />
      <Button type="submit" disabled={form.pending} className="self-start">
        {t("memberships_admin:extend")}
      </Button>
    </form>
  );
}
