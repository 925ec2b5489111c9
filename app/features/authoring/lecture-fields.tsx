// A lecture's own fields, shared by the "Add lecture" dialog and the lecture editor: title, length in
// minutes, who may watch it (free / logged in / paid) and whether students see it yet (draft / published).
import {
  DURATION_MAX_MINUTES,
  lectureAccessKinds,
  lectureStatuses,
  TITLE_MAX,
} from "#core/catalog/authoring-schemas.ts";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

export type LectureFieldValues = {
  title: string;
  duration_minutes: string;
  access: string;
  status: string;
  section_id?: string;
};

export function LectureFields({
  values,
  onChange,
  errors,
  sections,
  autoFocus,
}: {
  autoFocus?: boolean;
  values: LectureFieldValues;
  onChange: (values: LectureFieldValues) => void;
  errors: FieldMessages;
  /** offered when the lecture may be moved to another section */
  sections?: { id: number; title: string }[];
}) {
  const t = useT();
  const set = (key: keyof LectureFieldValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [key]: event.target.value });
  return (
    <div className="flex flex-col gap-4">
      <Field
        label={t("authoring:lecture_title")}
        name="title"
        required
        maxLength={TITLE_MAX}
        value={values.title}
        onChange={set("title")}
        errors={errors.title}
        autoFocus={autoFocus}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("authoring:duration_minutes")}
          name="duration_minutes"
          inputMode="numeric"
          max={DURATION_MAX_MINUTES}
          value={values.duration_minutes}
          onChange={set("duration_minutes")}
          errors={errors.duration_minutes}
        />
        <SelectField
          label={t("authoring:lecture_access")}
          name="access"
          value={values.access}
          onChange={set("access")}
          errors={errors.access}
          options={lectureAccessKinds.map((value) => ({ value, label: t(`authoring:access_${value}`) }))}
        />
        <SelectField
          label={t("authoring:lecture_status")}
          name="status"
          value={values.status}
          onChange={set("status")}
          errors={errors.status}
          options={lectureStatuses.map((value) => ({ value, label: t(`authoring:lecture_status_${value}`) }))}
        />
      </div>
      {sections && values.section_id !== undefined && (
        <SelectField
          label={t("authoring:lecture_section")}
          name="section_id"
          value={values.section_id}
          onChange={set("section_id")}
          errors={errors.section_id}
          hint={t("authoring:lecture_section_hint")}
          options={sections.map((s) => ({ value: String(s.id), label: s.title }))}
        />
      )}
    </div>
  );
}

/** The fields as the API takes them (numbers as numbers; anything else as typed, for the schema to name). */
export function lectureBody(values: LectureFieldValues): Record<string, unknown> {
  const minutes = values.duration_minutes.trim();
  return {
    title: values.title,
    duration_minutes: minutes === "" ? 0 : /^\d+$/.test(minutes) ? Number(minutes) : minutes,
    access: values.access,
    status: values.status,
    ...(values.section_id !== undefined ? { section_id: Number(values.section_id) } : {}),
  };
}
