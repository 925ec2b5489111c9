// The student's products, all in one place and grouped by kind: the courses they can open, with their progress
// and a 'Continue' link to the lecture they resume at; then the other products they bought while the access
// lasts (bundles, consultations, live events with their date and link, files to download); then the team
// purchases whose seats they hand out; the exams and surveys they bought. The empty state sends them to the catalog.
import { listMyExams } from "#core/exams/list-my-exams.ts";
import { listMySurveys } from "#core/surveys/list-my-surveys.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { MySurveys } from "#app/features/surveys/my-surveys.tsx";
import { ExamCard } from "#app/features/exams/exam-card.tsx";
import { Link } from "react-router";
import { BookOpen } from "lucide-react";
import { listMyTeamPurchases } from "#core/access-manager/list-my-team-purchases.ts";
import { listMyCourses } from "#core/learning/list-my-courses.ts";
import { listMyProducts } from "#core/products/list-my-products.ts";
import type { ProductKind } from "#platform/db/schema.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { ProgressBar } from "#app/features/learning/progress-bar.tsx";
import { MyProductDetails } from "#app/features/products/my-product-details.tsx";
import { myProductView } from "#app/features/products/my-product-view.ts";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/index.ts";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { DueSurvey } from "#app/features/surveys/survey-modal.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "accounts:my_title");
}

/** The order of the kinds on the page, after the courses. */
const productKinds = ["bundle", "consultation", "live_event", "file"] as const satisfies ProductKind[];

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  // Each list asks its policy: a logged-out visitor is sent to /login (as by the layout's gate, beside this one).
  const [courses, products, teams, exams, surveys] = await Promise.all([
    listMyCourses(services.db, ctx.actor),
    listMyProducts(services.db, ctx.actor),
    listMyTeamPurchases(services.db, ctx.actor),
    listMyExams(services.db, ctx.actor),
    listMySurveys(services.db, ctx.actor),
  ]);
  return {
    teams,
    exams,
    surveys: surveys.map(({ survey, responded_at }) => ({
      survey,
      answered: responded_at ? formatDate(responded_at, ctx.lang, ctx.school?.time_zone) : null,
    })),
    courses: courses.map((course) => ({
      id: course.id,
      title: course.title,
      percent: course.percent,
      href: course.resumeLectureId ? `/${course.slug}/watch/${course.resumeLectureId}` : `/${course.slug}/watch`,
    })),
    products: productKinds
      .map((kind) => ({
        kind,
        items: products
          .filter((product) => product.kind === kind)
          .map((product) => myProductView(product, ctx.lang, ctx.school?.time_zone)),
      }))
      .filter((group) => group.items.length > 0),
  };
}

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { courses, products, teams, exams, surveys } = loaderData;
  const empty =
    courses.length === 0 && products.length === 0 && teams.length === 0 && exams.length === 0 && surveys.length === 0;
  return (
    <section aria-labelledby="my-title" className="flex flex-col gap-10">
      <DueSurvey />
      <h1 id="my-title" className="text-2xl font-bold">
        {t("accounts:my_title")}
      </h1>
      {empty && (
        <EmptyState
          className="-mt-4"
          icon={BookOpen}
          text={t("accounts:my_empty")}
          action={
            <Link to="/courses" className={buttonClass("primary")}>
              {t("accounts:browse_courses")}
            </Link>
          }
        />
      )}
      {courses.length > 0 && (
        <section aria-labelledby="my-courses" className="-mt-4">
          <h2 id="my-courses" className="text-xl font-semibold">
            {t("products:my_section_course")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={t("learning:my_courses")}>
            {courses.map((course) => (
              <li
                key={course.id}
                className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
              >
                <h3 className="text-lg leading-snug font-semibold break-words">{course.title}</h3>
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
        </section>
      )}
      {exams.length > 0 && (
        <section aria-labelledby="my-exams" className="flex flex-col gap-4">
          <h2 id="my-exams" className="text-xl font-semibold">
            {t("exams:title")}
          </h2>
          {exams.map((exam) => (
            <ExamCard key={exam.id} exam={exam} />
          ))}
        </section>
      )}
      {surveys.length > 0 && <MySurveys surveys={surveys} />}
      {products.map((group) => (
        <section key={group.kind} aria-labelledby={`my-${group.kind}`}>
          <h2 id={`my-${group.kind}`} className="text-xl font-semibold">
            {t(`products:my_section_${group.kind}`)}
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {group.items.map((product) => (
              <li
                key={product.id}
                data-my-product={product.slug}
                className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
              >
                <h3 className="min-w-0 text-lg leading-snug font-semibold break-words">
                  <Link to={`/my/products/${product.slug}`} className="text-ink underline-offset-4 hover:underline">
                    {product.title}
                  </Link>
                </h3>
                <MyProductDetails product={product} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {teams.length > 0 && (
        <section aria-labelledby="team-purchases">
          <h2 id="team-purchases" className="text-xl font-semibold">
            {t("access:my_team_title")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {teams.map((team) => (
              <li
                key={team.courseId}
                className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
              >
                <h3 className="text-lg leading-snug font-semibold break-words">{team.title}</h3>
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
