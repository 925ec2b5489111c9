// /home/courses: every course for the admin (drafts too), most recently changed first: status, price (and a
// promo price), how many lectures are published, and the way to a new course.
import { Link } from "react-router";
import { Plus } from "lucide-react";
import { listAuthoredCourses } from "#core/catalog/list-authored-courses.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { CourseStatusBadge } from "#app/features/authoring/badges.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/index.ts";
import { EmptyState } from "#app/ui/empty-state.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "authoring:courses_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const courses = await listAuthoredCourses(services.db, ctx.actor);
  const money = (cents: number, currency: string) => formatMoney(cents, currency, ctx.lang);
  return {
    courses: courses.map((c) => ({
      id: c.id,
      title: c.title,
      slug: c.slug,
      status: c.status,
      price: c.price_cents > 0 ? money(c.price_cents, c.currency) : null,
      promoPrice: c.promo_price_cents !== null ? money(c.promo_price_cents, c.currency) : null,
      sections: c.section_count,
      lectures: c.lecture_count,
      publishedLectures: c.published_lecture_count,
      updated: formatDate(c.updated_at, ctx.lang, ctx.school?.time_zone),
    })),
  };
}

export default function CoursesPage({ loaderData: { courses } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("authoring:courses_title")}</h1>
          <p className="mt-1 text-muted">{t("authoring:courses_intro")}</p>
        </div>
        <Link to="/home/courses/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("authoring:new_course")}
        </Link>
      </div>
      {courses.length === 0 ? (
        <EmptyState title={t("authoring:no_courses")} text={t("authoring:no_courses_text")} />
      ) : (
        <ul
          aria-label={t("authoring:courses_title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {courses.map((course) => (
            <li
              key={course.id}
              data-course-id={course.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/home/courses/${course.id}`}
                    className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
                  >
                    {course.title}
                  </Link>
                  <CourseStatusBadge status={course.status} />
                </div>
                <p className="mt-0.5 text-sm break-all text-muted">/{course.slug}</p>
              </div>
              <dl className="grid grid-cols-3 gap-3 text-sm sm:flex sm:gap-6">
                <div>
                  <dt className="text-xs text-muted">{t("authoring:price")}</dt>
                  <dd className="font-medium tabular-nums">
                    {course.promoPrice ? (
                      <>
                        <span>{course.promoPrice}</span>{" "}
                        <s className="text-xs text-muted">
                          <span className="sr-only">{t("authoring:regular_price")} </span>
                          {course.price}
                        </s>
                      </>
                    ) : (
                      (course.price ?? t("authoring:free"))
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("authoring:lectures")}</dt>
                  <dd className="font-medium tabular-nums">
                    {t("authoring:published_of", { published: course.publishedLectures, count: course.lectures })}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("authoring:updated")}</dt>
                  <dd className="font-medium whitespace-nowrap">{course.updated}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
