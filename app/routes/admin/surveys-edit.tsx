// /home/surveys/{id} (issue 17, item 1): the survey's builder, and its answers question by question: for choices
// how many chose each option and what share of the students who answered, for open questions the texts.
import { getSurveyResults } from "#core/surveys/get-survey-results.ts";
import { listSurveyPlaces } from "#core/surveys/list-survey-places.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { SurveyBuilder } from "#app/features/surveys/survey-builder.tsx";
import { SurveyResultsView } from "#app/features/surveys/survey-results.tsx";
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

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const [results, courses] = await Promise.all([
    getSurveyResults(services.db, ctx.actor, params.id),
    listSurveyPlaces(services.db, ctx.actor),
  ]);
  return { results, courses };
}

export default function EditSurveyPage({ loaderData: { results, courses } }: Route.ComponentProps) {
  const t = useT();
  const { survey } = results;
  // Only the export's refusal is shown from ?error= (one export per minute).
  const throttled = new URLSearchParams(useLocation().search).get("error") === "transactions:export_throttled";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("surveys:edit")}</h1>
      <SurveyBuilder key={survey.id} initial={survey} courses={courses} />
      <SurveyResultsView results={results} />
      <FormAlert message={throttled ? t("transactions:export_throttled", { seconds: 60 }) : undefined} />
      {results.total > 0 && (
        <form method="post" action={`/home/surveys/${survey.id}/export`}>
          <CsrfField />
          <Button type="submit" variant="secondary">
            <Download aria-hidden className="size-4" />
            {t("transactions:export")}
          </Button>
        </form>
      )}
    </div>
  );
}
