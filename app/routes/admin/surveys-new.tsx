// /home/surveys/new (issue 17, item 1): the builder for a new survey; saved, it opens the survey's own page.
import { listSurveyPlaces } from "#core/surveys/list-survey-places.ts";
import { listSurveyProducts } from "#core/surveys/list-survey-products.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { emptySurvey, SurveyBuilder } from "#app/features/surveys/survey-builder.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/surveys-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "surveys:new");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const [courses, products] = await Promise.all([
    listSurveyPlaces(services.db, ctx.actor),
    listSurveyProducts(services.db, ctx.actor),
  ]);
  return { courses, products };
}

export default function NewSurveyPage({ loaderData: { courses, products } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("surveys:new")}</h1>
      <SurveyBuilder initial={emptySurvey} courses={courses} products={products} />
    </div>
  );
}
