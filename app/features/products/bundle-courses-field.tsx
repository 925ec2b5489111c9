// A bundle's courses: the chosen ones in the order the product page lists them (move up / down, remove), and a
// select with the others to add one. Drafts may be chosen too; the product page links only published courses.
import { useId, useState } from "react";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import type { CourseOption } from "#core/products/list-course-options.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";

export function BundleCoursesField({
  courses,
  value,
  onChange,
  errors,
}: {
  courses: CourseOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  errors?: string[];
}) {
  const t = useT();
  const id = useId();
  const byId = new Map(courses.map((course) => [course.id, course]));
  const available = courses.filter((course) => !value.includes(course.id));
  const [picked, setPicked] = useState("");
  const choice = available.some((course) => String(course.id) === picked) ? picked : String(available[0]?.id ?? "");
  const move = (index: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  const invalid = Boolean(errors?.length);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-3" data-field="course_ids">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {t("products:bundle_courses")}
      </span>
      {value.length === 0 ? (
        <p className="text-sm text-muted">{t("products:bundle_empty")}</p>
      ) : (
        <ol
          className="flex flex-col divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200"
          aria-label={t("products:bundle_courses")}
        >
          {value.map((courseId, index) => {
            const course = byId.get(courseId);
            const title = course?.title ?? `#${courseId}`;
            return (
              <li key={courseId} className="flex flex-wrap items-center gap-2 px-3 py-2" data-bundle-course={courseId}>
                <span className="w-6 text-sm text-muted tabular-nums">{index + 1}.</span>
                <span className="min-w-0 flex-1 break-words text-sm font-medium">{title}</span>
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    className="px-2"
                    disabled={index === 0}
                    aria-label={t("products:move_up", { title })}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    disabled={index === value.length - 1}
                    aria-label={t("products:move_down", { title })}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 text-red-800"
                    aria-label={t("products:remove_course", { title })}
                    onClick={() => onChange(value.filter((other) => other !== courseId))}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {available.length > 0 ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-add`} className="text-sm text-ink">
              {t("products:course_to_add")}
            </label>
            <select
              id={`${id}-add`}
              value={choice}
              onChange={(event) => setPicked(event.target.value)}
              className="min-h-10 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-ink shadow-sm"
            >
              {available.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.status === "published"
                    ? course.title
                    : t("products:course_option_status", {
                        title: course.title,
                        status: t(`products:status_${course.status}`),
                      })}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={() => choice && onChange([...value, Number(choice)])}>
            <Plus aria-hidden className="size-4" />
            {t("products:add_course")}
          </Button>
        </div>
      ) : (
        courses.length === 0 && <p className="text-sm text-muted">{t("products:no_courses_yet")}</p>
      )}
      {invalid && (
        <p className="text-sm text-red-700" data-field-error="course_ids">
          {errors!.join(" ")}
        </p>
      )}
    </div>
  );
}
