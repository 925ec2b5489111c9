// The survey results' filters (issue 17, item 1) as a GET form: the course the answers came from, and the days they
// were answered between. The filters live in the address; the export form below carries the same ones. Errors come
// from the server's check (core/surveys/schemas.ts resultsFilterSchema) as translation keys.
import type { FieldErrors } from "#core/errors.ts";
import type { ResultsFilter } from "#core/surveys/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/ui/field.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

/** What the admin typed, shown back as typed (also when it was refused). */
export type FilterText = { course_id: string; from: string; to: string };

export function ResultsFilters({
  action,
  values,
  errors,
  courses,
}: {
  action: string;
  values: FilterText;
  errors: FieldErrors;
  courses: { id: number; title: string }[];
}) {
  const t = useT();
  const messages = (field: keyof FilterText) => errors[field]?.map((error) => t(error.key, error.values ?? {}));
  return (
    <FilterForm
      label={t("surveys:filters")}
      action={action}
      layout="grid"
      submitLabel={t("surveys:filter_apply")}
      clear={{ label: t("surveys:filter_clear") }}
    >
      <SelectField
        label={t("surveys:filter_course")}
        name="course_id"
        defaultValue={values.course_id}
        errors={messages("course_id")}
        options={[
          { value: "", label: t("surveys:filter_any_course") },
          ...courses.map((course) => ({ value: String(course.id), label: course.title })),
        ]}
      />
      <Field
        label={t("surveys:filter_from")}
        name="from"
        type="date"
        defaultValue={values.from}
        errors={messages("from")}
        hint={t("surveys:filter_hint")}
      />
      <Field label={t("surveys:filter_to")} name="to" type="date" defaultValue={values.to} errors={messages("to")} />
    </FilterForm>
  );
}

/** The applied filter as hidden fields of the export form (nothing for what is not filtered). */
export function FilterHiddenFields({ filter }: { filter: ResultsFilter }) {
  return (
    <>
      {filter.course_id !== null && <input type="hidden" name="course_id" value={filter.course_id} />}
      {filter.from && <input type="hidden" name="from" value={filter.from} />}
      {filter.to && <input type="hidden" name="to" value={filter.to} />}
    </>
  );
}
