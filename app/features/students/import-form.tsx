// The bulk import's form (spec §5: at most 50 e-mails, one per line): checked with the server's schema first,
// then POST /home/students/import; the page then follows the import's job (import-report.tsx). Before
// hydration it is a plain form to the same address (303 back to the page with the import's id). What was typed
// stays in the textarea whatever the answer (a 422, the once-a-minute 429).
import { importSchema } from "#core/students/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { FieldShell } from "#app/ui/field-shell.tsx";
import { type CourseChoice, CourseSelect } from "./course-select.tsx";
import { bodyWithTags } from "./new-student-dialog.tsx";
import { TagChoices, type TagOption } from "./tag-choices.tsx";

export function ImportForm({
  courses,
  tags,
  error,
  onStarted,
}: {
  courses: CourseChoice[];
  tags: TagOption[];
  error?: string;
  onStarted: (id: number) => void;
}) {
  const t = useT();
  const form = useApiForm<{ id: number }>({
    url: "/home/students/import",
    schema: importSchema,
    toBody: bodyWithTags,
    onSuccess: ({ id }) => onStarted(id),
  });
  return (
    <form
      method="post"
      action="/home/students/import"
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <CsrfField />
      <FormAlert message={form.message ?? error} />
      <FieldShell label={t("students:lines")} name="lines" hint={t("students:lines_hint")} errors={form.errors.lines}>
        {(control) => (
          <textarea
            id={control.id}
            name="lines"
            rows={8}
            required
            spellCheck={false}
            aria-invalid={control.invalid || undefined}
            aria-describedby={control.describedBy}
            className={`${control.controlClass} font-mono text-sm`}
          />
        )}
      </FieldShell>
      <CourseSelect label={t("students:import_course")} courses={courses} errors={form.errors.course_id} />
      <TagChoices legend={t("students:import_tags")} tags={tags} />
      <Button type="submit" disabled={form.pending} className="self-start">
        {t("students:import_start")}
      </Button>
    </form>
  );
}
