// The student's products: the courses they have access to, with their progress and a 'Continue' link to the
// lecture they resume at; the empty state when there are none.
import { Link } from "react-router";
import { BookOpen } from "lucide-react";
import { listMyTeamPurchases } from "#core/access-manager/list-my-team-purchases.ts";
import { listMyCourses } from "#core/learning/list-my-courses.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ProgressBar } from "#app/features/learning/progress-bar.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/index.ts";
import { pageTitle } from "#app/lib/page-title.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "accounts:my_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  // The layout sends a logged-out visitor to /login; its loader runs beside this one.
  const courses = ctx.user ? await listMyCourses(services.db, { user: ctx.user }) : [];
  const teams = ctx.user ? await listMyTeamPurchases(services.db, ctx.user.id) : [];
  return {
    teams,
    courses: courses.map((course) => ({
      id: course.id,
      title: course.title,
      percent: course.percent,
      href: course.resumeLectureId ? `/${course.slug}/watch/${course.resumeLectureId}` : `/${course.slug}/watch`,
    })),
  };
}

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { courses, teams } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("accounts:my_title")}</h1>
      {courses.length > 0 ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label={t("learning:my_courses")}>
          {courses.map((course) => (
            <li key={course.id} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
              <h2 className="text-lg font-semibold leading-snug break-words">{course.title}</h2>
              <ProgressBar percent={course.percent} />
              <Link
                to={course.href}
                aria-label={t("learning:continue_course", { course: course.title })}
                className={buttonClass("primary", "self-start")}
              >
                {t("learning:continue")}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
          <BookOpen aria-hidden className="size-10 text-gray-400" />
          <p className="text-muted">{t("accounts:my_empty")}</p>
          <Link to="/" className={buttonClass("primary")}>
            {t("accounts:browse_courses")}
          </Link>
        </div>
      )}
      {teams.length > 0 && (
        <section className="mt-10" aria-labelledby="team-purchases">
          <h2 id="team-purchases" className="text-xl font-semibold">
            {t("access:my_team_title")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {teams.map((team) => (
              <li
                key={team.courseId}
                className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
              >
                <h3 className="text-lg font-semibold leading-snug break-words">{team.title}</h3>
                <p className="text-muted">{t("access:my_team_seats", { count: team.seats })}</p>
                <Link to={`/home/access-manager/${team.courseId}`} className={buttonClass("secondary", "self-start")}>
                  {t("access:my_team_manage")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
