// The school's home page: its name and the published courses as cards, in the school's language.
import { Link } from "react-router";
import { BookOpen, Clock } from "lucide-react";
import { listPublishedCourses } from "#core/catalog/list-published-courses.ts";
import { formatMinutes, formatMoney } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/home.ts";

const EXCERPT_LENGTH = 180;

function excerpt(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= EXCERPT_LENGTH) return plain;
  const cut = plain.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : EXCERPT_LENGTH).replace(/[.,;:!?-]+$/, "")}…`;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.loaderData?.school?.name ?? "Studium" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const courses = await listPublishedCourses(services.db);
  // Formatted here, once, so the server render and the hydrated page show the same text.
  return {
    schoolName: ctx.school?.name ?? "Studium",
    courses: courses.map((course) => ({
      id: course.id,
      slug: course.slug,
      title: course.title,
      excerpt: excerpt(course.description),
      lectureCount: course.lecture_count,
      duration: formatMinutes(course.total_minutes),
      price: course.price_cents > 0 ? formatMoney(course.price_cents, course.currency, ctx.lang) : null,
    })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { schoolName, courses } = loaderData;
  return (
    <>
      <section className="border-b border-gray-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{schoolName}</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted">{t("home_intro")}</p>
        </div>
      </section>
      <section aria-labelledby="courses-title" className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
        <h2 id="courses-title" className="text-2xl font-bold">
          {t("catalog:courses_title")}
        </h2>
        {courses.length === 0 ? (
          <div
            className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center"
            data-testid="courses-empty"
          >
            <BookOpen aria-hidden className="mx-auto size-8 text-gray-400" />
            <p className="mt-3 font-semibold">{t("catalog:empty_title")}</p>
            <p className="mt-1 text-sm text-muted">{t("catalog:empty_text")}</p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <li key={course.id}>
                <article className="relative flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
                  <h3 className="text-lg font-semibold leading-snug">
                    <Link
                      to={`/${course.slug}`}
                      className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
                    >
                      {course.title}
                    </Link>
                  </h3>
                  <p className="mt-2 flex-1 text-sm text-muted">{course.excerpt}</p>
                  <div className="mt-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-gray-100 pt-4 text-sm">
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
                      <span className="inline-flex items-center gap-1">
                        <BookOpen aria-hidden className="size-4" />
                        {t("catalog:lectures", { count: course.lectureCount })}
                      </span>
                      {course.duration && (
                        <span
                          className="inline-flex items-center gap-1"
                          title={t("catalog:duration", { duration: course.duration })}
                        >
                          <Clock aria-hidden className="size-4" />
                          {course.duration}
                        </span>
                      )}
                    </p>
                    <p className="font-semibold text-ink">
                      <span className="sr-only">{t("catalog:price")}: </span>
                      {course.price ?? t("catalog:free")}
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
