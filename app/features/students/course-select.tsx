// The course to give a student (a new student's, the bulk import's): none, or one of the school's courses.
import { useT } from "#app/lib/i18n.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

export type CourseChoice = { id: number; title: string };

export function CourseSelect({
  label,
  courses,
  errors,
}: {
  label: string;
  courses: CourseChoice[];
  errors?: string[];
}) {
  const t = useT();
  return (
    <SelectField
      label={label}
      name="course_id"
      defaultValue=""
      errors={errors}
      options={[
        { value: "", label: t("students:course_none") },
        ...courses.map((course) => ({ value: String(course.id), label: course.title })),
      ]}
    />
  );
}
