// /my/favourites: the student's favourite courses and lectures (issue 17, item 5), each linking to its watch page.
import { Link } from "react-router";
import { Heart } from "lucide-react";
import { listMyFavourites } from "#core/favourites/list-my-favourites.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/favourites.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "favourites:my_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return listMyFavourites(services.db, ctx.actor);
}

export default function MyFavourites({ loaderData: { courses, lectures } }: Route.ComponentProps) {
  const t = useT();
  const link = "font-medium text-brand-700 underline-offset-4 hover:underline break-words";
  return (
    <section aria-labelledby="favourites-title" className="flex flex-col gap-6">
      <h1 id="favourites-title" className="text-2xl font-bold">
        {t("favourites:my_title")}
      </h1>
      {courses.length === 0 && lectures.length === 0 ? (
        <EmptyState icon={Heart} text={t("favourites:empty")} />
      ) : (
        <>
          <section aria-labelledby="favourite-courses" className="flex flex-col gap-3">
            <h2 id="favourite-courses" className="text-lg font-semibold">
              {t("favourites:courses")}
            </h2>
            {courses.length === 0 ? (
              <p className="text-sm text-muted">{t("favourites:courses_empty")}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {courses.map((course) => (
                  <li key={course.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
                    <Link to={`/${course.slug}/watch`} className={link}>
                      {course.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="favourite-lectures" className="flex flex-col gap-3">
            <h2 id="favourite-lectures" className="text-lg font-semibold">
              {t("favourites:lectures")}
            </h2>
            {lectures.length === 0 ? (
              <p className="text-sm text-muted">{t("favourites:lectures_empty")}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {lectures.map((lecture) => (
                  <li key={lecture.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
                    <Link to={`/${lecture.course_slug}/watch/${lecture.id}`} className={link}>
                      {lecture.title}
                    </Link>
                    <p className="text-sm text-muted">{t("favourites:in_course", { course: lecture.course_title })}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
