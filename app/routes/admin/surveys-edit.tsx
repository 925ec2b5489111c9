// /home/surveys/{id} (issue 17, item 1): the survey's builder, and its answers question by question: for choices
// how many chose each option and what share of the students who answered, for open questions the texts. The
// answers filter by course and by the days they were given (?course_id=&from=&to=); a refused filter says why under
// its field and the answers show unfiltered. The CSV export takes the filter applied.
import { getSurveyResults } from "#core/surveys/get-survey-results.ts";
import { listSurveyPlaces } from "#core/surveys/list-survey-places.ts";
import { listSurveyProducts } from "#core/surveys/list-survey-products.ts";
import { isAppError, type FieldErrors } from "#core/errors.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { SurveyBuilder } from "#app/features/surveys/survey-builder.tsx";
import { SurveyResultsView } from "#app/features/surveys/survey-results.tsx";
import { FilterHiddenFields, ResultsFilters } from "#app/features/surveys/results-filters.tsx";
import { useLocation } from "react-router";
import { Download } from "lucide-react";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/surveys-edit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "surveys:edit");
}

async function resultsOrRefusal(
  load: (filter: unknown) => ReturnType<typeof getSurveyResults>,
  query: URLSearchParams,
) {
  const typed = { course_id: query.get("course_id") ?? "", from: query.get("from") ?? "", to: query.get("to") ?? "" };
  try {
    return { results: await load(typed), typed, filterErrors: {} as FieldErrors };
  } catch (error) {
    if (!isAppError(error) || error.code !== "validation" || !error.fields) throw error;
    return { results: await load({}), typed, filterErrors: error.fields };
  }
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const query = new URL(request.url).searchParams;
  const [answers, courses, products] = await Promise.all([
    resultsOrRefusal((filter) => getSurveyResults(services.db, ctx.actor, params.id, filter), query),
    listSurveyPlaces(services.db, ctx.actor),
    listSurveyProducts(services.db, ctx.actor),
  ]);
  return { ...answers, courses, products };
}

export default function EditSurveyPage({
  loaderData: { results, typed, filterErrors, courses, products },
}: Route.ComponentProps) {
  const t = useT();
  const { survey } = results;
  // Only the export's refusal is shown from ?error= (one export per minute).
  const throttled = new URLSearchParams(useLocation().search).get("error") === "transactions:export_throttled";
  const refused = Object.keys(filterErrors).length > 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("surveys:edit")}</h1>
      <SurveyBuilder key={survey.id} initial={survey} courses={courses} products={products} />
      <ResultsFilters
        action={`/home/surveys/${survey.id}`}
        values={typed}
        errors={filterErrors}
        courses={results.courses}
      />
      <FormAlert message={refused ? t("validation:summary") : undefined} />
      <SurveyResultsView results={results} />
      <FormAlert message={throttled ? t("transactions:export_throttled", { seconds: 60 }) : undefined} />
      {results.total > 0 && (
        <form method="post" action={`/home/surveys/${survey.id}/export`}>
          <CsrfField />
          <FilterHiddenFields filter={results.filter} />
          <Button type="submit" variant="secondary">
            <Download aria-hidden className="size-4" />
            {t("transactions:export")}
          </Button>
        </form>
      )}
    </div>
  );
}
