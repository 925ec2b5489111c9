// The certificates issued for a course, for the admin: each with its status, its verification page, and (while
// it is not revoked) a reason box with Revoke and Reissue (POST /home/certificates/{id}/revoke | reissue).
import { useState } from "react";
import type { CertificateTemplateView } from "#core/certificates/get-certificate-admin.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ApiError, api } from "#app/lib/api.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { CertificateStatusBadge } from "./status-badge.tsx";

type Row = CertificateTemplateView["certificates"][number] & { issued: string };

function RowActions({ row, onChanged }: { row: Row; onChanged: () => void }) {
  const t = useT();
  const [errors, setErrors] = useState<string[]>();
  const [pending, setPending] = useState(false);
  async function act(action: "revoke" | "reissue", reason: string) {
    setPending(true);
    setErrors(undefined);
    try {
      await api("POST", `/home/certificates/${row.id}/${action}`, { reason });
      toast.success(t(action === "revoke" ? "certificates:revoked_toast" : "certificates:reissued_toast"));
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors.reason ?? [error.message]);
    } finally {
      setPending(false);
    }
  }
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
        void act(submitter?.value === "reissue" ? "reissue" : "revoke", reason);
      }}
    >
      <Field
        name="reason"
        label={t("certificates:reason")}
        errors={errors}
        maxLength={500}
        className="min-w-0 flex-1"
        aria-label={`${t("certificates:reason")}: ${row.student_name}`}
      />
      <div className="flex gap-2">
        <Button type="submit" value="revoke" variant="danger" disabled={pending}>
          {t("certificates:revoke")}
        </Button>
        <Button type="submit" value="reissue" variant="secondary" disabled={pending}>
          {t("certificates:reissue")}
        </Button>
      </div>
    </form>
  );
}

export function IssuedCertificates({ rows, onChanged }: { rows: Row[]; onChanged: () => void }) {
  const t = useT();
  return (
    <section aria-labelledby="issued-title" className="flex flex-col gap-4">
      <h2 id="issued-title" className="text-lg font-semibold">
        {t("certificates:issued_list")}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("certificates:issued_empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li
              key={row.id}
              data-certificate-id={row.public_id}
              className="flex flex-col gap-3 rounded-lg p-4 ring-1 ring-gray-200"
            >
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <span className="font-semibold break-words">{row.student_name}</span>
                <span className="text-sm text-muted">{row.issued}</span>
                <CertificateStatusBadge status={row.status} />
                <a
                  href={`/certificates/${row.public_id}`}
                  className="text-sm font-medium text-brand-700 underline underline-offset-4"
                >
                  {t("certificates:verify_link")}
                </a>
              </div>
              {row.revoked_at ? (
                row.revoke_reason && (
                  <p className="text-sm text-muted">
                    {t("certificates:reason")}: {row.revoke_reason}
                  </p>
                )
              ) : (
                <RowActions row={row} onChanged={onChanged} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
