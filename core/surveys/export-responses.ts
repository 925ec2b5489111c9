// POST /home/surveys/{id}/export: a survey's answers as CSV for a spreadsheet, one row per student (time, name,
// e-mail, then one column per question; a checkbox answer lists the chosen labels). One export per admin per
// minute ('You can only make one export per minute', spec §8), through the shared export throttle and
// CSV writer (quoting, a BOM for Polish letters, formula cells neutralised). The results' filters apply (course,
// days answered between: filtered-responses.ts); a wrong filter is refused before the minute is spent.
import type { Db } from "#platform/db/connection.ts";
import type { ExportThrottle } from "../shared/export-throttle.ts";
import { toCsv } from "../shared/csv.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import type { SurveyAnswers } from "./answers.ts";
import { parseInput } from "../validation.ts";
import { filteredResponses } from "./filtered-responses.ts";
import { canManageSurveys } from "./policies.ts";
import { resultsFilterSchema } from "./schemas.ts";
import { questionKey } from "./question-key.ts";
import { findSurvey } from "./survey-records.ts";

export async function exportSurveyResponsesCsv(
  db: Db,
  actor: Actor,
  idInput: unknown,
  filterInput: unknown = {},
  throttle?: ExportThrottle,
): Promise<{ csv: string; filename: string }> {
  const { userId } = authorizeUser(actor, canManageSurveys(actor));
  const survey = await findSurvey(db, idParam(idInput));
  const filter = parseInput(resultsFilterSchema, filterInput);
  await throttle?.take(userId);
  const questions = survey.questions.filter((question) => question.type !== "separator");
  const rows = await filteredResponses(db, survey.id, filter)
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.responded_at", "r.answers", "u.name", "u.email"])
    .orderBy("r.responded_at")
    .orderBy("r.id")
    .execute();
  const cells = rows.map((row) => {
    const answers = JSON.parse(row.answers) as SurveyAnswers;
    return [
      row.responded_at,
      row.name,
      row.email,
      ...questions.map((question) => {
        const answer = answers[questionKey(question.title)];
        if (answer === undefined) return "";
        const chosen = Array.isArray(answer) ? answer : question.type === "select" ? [answer] : null;
        if (!chosen) return answer as string;
        return chosen.map((value) => question.options.find((o) => o.value === value)?.label ?? value).join("; ");
      }),
    ];
  });
  return {
    csv: toCsv([["responded_at", "name", "email", ...questions.map((q) => q.title)], ...cells]),
    filename: `survey-${survey.id}-${new Date().toISOString().slice(0, 10)}.csv`,
  };
}
