// The student page's personal data panel (issue 18, item 5): the JSON file of everything stored about the
// student (a plain form post that downloads it), and the erasure, confirmed by typing DELETE (spec §5). Both
// work as plain forms before the page's script runs; with it, the erasure is a DELETE call showing its errors.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { DangerZone } from "#app/ui/danger-zone.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { Panel } from "#app/ui/panel.tsx";
import { toast } from "#app/ui/toast.tsx";

/** The ?error= key of a refused plain form post on this panel (only keys its forms can produce). */
export function privacyErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(students|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}

export function PrivacyPanel({ studentId, erased, error }: { studentId: number; erased: boolean; error?: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const base = `/home/students/${studentId}`;
  return (
    <>
      <Panel title={t("students:privacy_title")}>
        <p className="text-sm text-muted">{t("students:privacy_intro")}</p>
        <FormAlert message={error ? t(error) : undefined} />
        <form method="post" action={`${base}/export`}>
          <CsrfField />
          <Button type="submit" variant="secondary">
            {t("students:export_button")}
          </Button>
        </form>
      </Panel>
      {erased ? (
        <p role="status" className="text-sm text-muted">
          {t("students:erased_notice")}
        </p>
      ) : (
        <DangerZone title={t("students:erase_title")} text={t("students:erase_intro")}>
          <form
            method="post"
            action={`${base}/erase`}
            className="mt-3 flex flex-col gap-3 sm:max-w-sm"
            onSubmit={async (event) => {
              event.preventDefault();
              const confirm = String(new FormData(event.currentTarget).get("confirm") ?? "");
              try {
                await api("DELETE", base, { confirm });
                toast.success(t("students:erased_notice"));
                setErrors({});
                await revalidator.revalidate();
              } catch (failure) {
                if (failure instanceof ApiError) setErrors(failure.errors);
              }
            }}
          >
            <CsrfField />
            <Field
              label={t("students:erase_confirm_label")}
              name="confirm"
              autoComplete="off"
              errors={errors.confirm}
            />
            <Button type="submit" variant="danger" className="self-start">
              {t("students:erase_button")}
            </Button>
          </form>
        </DangerZone>
      )}
    </>
  );
}
