// The course editor's "Students" panel: who has access to the course (given here or bought), since when and
// until when; the admin grants access by the e-mail of an existing student (with an optional end date: by
// default the course's own access length applies) and revokes it after a confirmation.
import { type FormEvent, useState } from "react";
import { Trash2, UserPlus } from "lucide-react";
import { grantAccessSchema } from "#core/catalog/authoring-schemas.ts";
import type { CourseStudent } from "#core/learning/list-course-students.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { formatDate } from "#platform/i18n/format.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useTimeZone } from "#app/lib/root-data.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";

export function CourseStudents({
  course,
  students,
  lang,
  onChanged,
}: {
  course: { id: number; access_days: number | null; access_ends_at: string | null };
  students: CourseStudent[];
  lang: Lang;
  onChanged: () => void;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const [email, setEmail] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const defaultEnd = course.access_ends_at
    ? t("authoring:default_end_date", { date: formatDate(course.access_ends_at, lang) })
    : course.access_days
      ? t("authoring:default_end_days", { count: course.access_days })
      : t("authoring:default_end_none");

  async function grant(event: FormEvent) {
    event.preventDefault();
    const body = { email, ends_at: endsAt || null };
    const checked = grantAccessSchema.safeParse(body);
    if (!checked.success) {
      const fields = fieldErrorsOf(checked.error, body);
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.map((m) => t(m.key, m.values ?? {}))])),
      );
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await api("POST", `/home/courses/${course.id}/access`, body);
      toast.success(t("authoring:access_granted", { email: checked.data.email }));
      setEmail("");
      setEndsAt("");
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="students-title" className="flex flex-col gap-4">
      <div>
        <h2 id="students-title" className="text-xl font-semibold">
          {t("authoring:students")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("authoring:students_hint")}</p>
      </div>
      <form
        onSubmit={grant}
        noValidate
        aria-label={t("authoring:grant_access")}
        className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
      >
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <Field
            label={t("authoring:student_email")}
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            errors={errors.email}
          />
          <Field
            label={t("authoring:access_until")}
            name="ends_at"
            type="date"
            value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)}
            hint={defaultEnd}
            errors={errors.ends_at}
          />
        </div>
        <Button type="submit" disabled={pending} className="self-start">
          <UserPlus aria-hidden className="size-4" />
          {t("authoring:grant_access")}
        </Button>
      </form>

      {students.length === 0 ? (
        <EmptyState text={t("authoring:no_students")} />
      ) : (
        <ul
          aria-label={t("authoring:students")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {students.map((student) => (
            <li
              key={student.user_id}
              data-student={student.email}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-ink">{student.name}</p>
                <p className="text-sm break-all text-muted">{student.email}</p>
              </div>
              <div className="text-sm text-muted">
                <p>
                  {t("authoring:access_since", { date: formatDate(student.starts_at, lang, timeZone) })}
                  {" · "}
                  {student.ends_at
                    ? t(student.active ? "authoring:access_ends" : "authoring:access_ended", {
                        date: formatDate(student.ends_at, lang),
                      })
                    : t("authoring:access_no_end")}
                </p>
                <p className="text-xs">{t(`authoring:access_source_${student.source}`)}</p>
              </div>
              <ConfirmDialog
                trigger={
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    aria-label={t("authoring:revoke_access_of", { name: student.name })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    <span className="sm:sr-only">{t("authoring:revoke_access")}</span>
                  </Button>
                }
                title={t("authoring:revoke_title", { name: student.name })}
                description={t("authoring:revoke_text")}
                confirmLabel={t("authoring:revoke_access")}
                onConfirm={async () => {
                  await api("DELETE", `/home/courses/${course.id}/access/${student.user_id}`);
                  toast.success(t("authoring:access_revoked"));
                  onChanged();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
