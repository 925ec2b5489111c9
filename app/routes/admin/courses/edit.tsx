// /home/courses/{courseId}: the course editor. The header publishes or unpublishes the course and links to
// its preview as a student; the tabs hold the details form, the curriculum (sections and lectures, drag to
// reorder) and the students with access. Deleting the course asks for DELETE to be typed (§5).
import { type ShouldRevalidateFunctionArgs, useRevalidator, useSearchParams } from "react-router";
import { getAuthoredCourse } from "#core/catalog/get-authored-course.ts";
import { listCourseStudents } from "#core/learning/list-course-students.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { CourseDetailsForm } from "#app/features/authoring/course-details-form.tsx";
import { CourseHeader } from "#app/features/authoring/course-header.tsx";
import { CourseStudents } from "#app/features/authoring/course-students.tsx";
import { CurriculumEditor } from "#app/features/authoring/curriculum-editor.tsx";
import { DeleteCourse } from "#app/features/authoring/delete-course.tsx";
import { Tabs } from "#app/ui/tabs.tsx";
import type { Route } from "./+types/edit.ts";

const tabs = ["details", "curriculum", "students"] as const;
type Tab = (typeof tabs)[number];

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "authoring:edit_course");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.course.title} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const [{ course, sections }, students] = await Promise.all([
    getAuthoredCourse(services.db, ctx.actor, params.courseId),
    listCourseStudents(services.db, ctx.actor, params.courseId),
  ]);
  return { course, sections, students, lang: ctx.lang };
}

/** Switching tabs changes only ?tab: no need to load the course again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function EditCoursePage({ loaderData: { course, sections, students, lang } }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = (tabs as readonly string[]).includes(asked ?? "") ? (asked as Tab) : "details";
  const reload = () => void revalidator.revalidate();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <CourseHeader course={course} lang={lang} onChanged={reload} />
      <Tabs
        label={t("authoring:editor_sections")}
        value={tab}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value === "details") next.delete("tab");
              else next.set("tab", value);
              return next;
            },
            { replace: true, preventScrollReset: true },
          )
        }
        items={[
          {
            value: "details",
            label: t("authoring:tab_details"),
            className: "flex flex-col gap-6",
            content: (
              <>
                <h2 className="sr-only">{t("authoring:tab_details")}</h2>
                <CourseDetailsForm key={course.id} course={course} lang={lang} onSaved={reload} />
                <DeleteCourse course={course} />
              </>
            ),
          },
          {
            value: "curriculum",
            label: t("authoring:tab_curriculum"),
            content: <CurriculumEditor courseId={course.id} sections={sections} onChanged={reload} />,
          },
          {
            value: "students",
            label: t("authoring:tab_students"),
            content: <CourseStudents course={course} students={students} lang={lang} onChanged={reload} />,
          },
        ]}
      />
    </div>
  );
}
