// The account page's own-data sections (issue 18, item 5): a copy of everything the school stores about the
// person (a plain form post that downloads the JSON file), and the account's erasure, done at once after
// DELETE is typed and the current password given (decision 0043). Both work before the page's script runs.
import { eraseOwnAccountSchema } from "#core/privacy/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { DangerZone } from "#app/ui/danger-zone.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { PasswordField } from "#app/ui/password-fields.tsx";

export function MyDataExport({ error }: { error?: string }) {
  const t = useT();
  return (
    <form method="post" action="/my/account/export" className="flex flex-col items-start gap-3">
      <CsrfField />
      <FormAlert message={error ? t(error) : undefined} />
      <Button type="submit" variant="secondary">
        {t("students:my_export_button")}
      </Button>
    </form>
  );
}

export function EraseMyAccount() {
  const t = useT();
  const form = useApiForm({
    url: "/my/account",
    method: "DELETE",
    schema: eraseOwnAccountSchema,
    toBody: (data) => ({
      confirm: String(data.get("confirm") ?? ""),
      current_password: String(data.get("current_password") ?? ""),
    }),
    onSuccess: () => window.location.assign("/"),
  });
  return (
    <DangerZone title={t("students:my_erase_title")} text={t("students:my_erase_intro")}>
      <form
        method="post"
        action="/my/account/erase"
        onSubmit={form.onSubmit}
        noValidate
        className="mt-3 flex max-w-md flex-col gap-4"
      >
        <CsrfField />
        <FormAlert message={form.message} />
        <Field
          label={t("students:erase_confirm_label")}
          name="confirm"
          autoComplete="off"
          required
          errors={form.errors.confirm}
        />
        <PasswordField
          label={t("accounts:current_password")}
          name="current_password"
          autoComplete="current-password"
          required
          errors={form.errors.current_password}
        />
        <div>
          <Button type="submit" variant="danger" disabled={form.pending}>
            {t("students:my_erase_button")}
          </Button>
        </div>
      </form>
    </DangerZone>
  );
}
