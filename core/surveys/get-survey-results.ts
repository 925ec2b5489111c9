// The admin's view of a survey's answers, question by question: for select and checkbox questions how many chose
// each option (and what share of those who answered the survey), for open questions the texts given. Filtered by
// the course the answer came from and the days it was given (filtered-responses.ts).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import type { SurveyAnswers } from "./answers.ts";
import { filteredResponses, responseCourses } from "./filtered-responses.ts";
import { canManageSurveys } from "./policies.ts";
import { questionKey } from "./question-key.ts";
import { findSurvey, type SurveyView } from "./survey-records.ts";
import { parseInput } from "../validation.ts";
import { type ResultsFilter, resultsFilterSchema } from "./schemas.ts";

export type ChoiceCount = { value: string; label: string; count: number; percent: number };
export type QuestionResult =
  | { key: string; title: string; type: "select" | "checkbox"; choices: ChoiceCount[] }
  | { key: string; title: string; type: "text" | "textarea"; texts: string[] };

export type SurveyResults = {
  survey: SurveyView;
  filter: ResultsFilter;
  /** the courses answers came from: the course filter's options */
  courses: { id: number; title: string }[];
  total: number;
  questions: QuestionResult[];
};

/** A whole percent of the respondents; 0 when nobody answered. */
export function percentOf(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/** A 422 naming the filter's failing field (course_id, from, to) when the filter is wrong. */
export async function getSurveyResults(
  db: Db,
  actor: Actor,
  idInput: unknown,
  filterInput: unknown = {},
): Promise<SurveyResults> {
  authorize(actor, canManageSurveys(actor));
  const survey = await findSurvey(db, idParam(idInput));
  const filter = parseInput(resultsFilterSchema, filterInput);
  const [rows, courses] = await Promise.all([
    filteredResponses(db, survey.id, filter).select("r.answers").orderBy("r.responded_at").execute(),
    responseCourses(db, survey.id),
  ]);
  const responses = rows.map((row) => JSON.parse(row.answers) as SurveyAnswers);
  const total = responses.length;
  const questions: QuestionResult[] = [];
  for (const question of survey.questions) {
    if (question.type === "separator") continue;
    const key = questionKey(question.title);
    if (question.type === "select" || question.type === "checkbox") {
      const choices = question.options.map((option) => {
        const count = responses.filter((answers) => {
          const answer = answers[key];
          return Array.isArray(answer) ? answer.includes(option.value) : answer === option.value;
        }).length;
        return { value: option.value, label: option.label, count, percent: percentOf(count, total) };
      });
      questions.push({ key, title: question.title, type: question.type, choices });
    } else {
      const texts = responses
        .map((answers) => answers[key])
        .filter((t): t is string => typeof t === "string" && t !== "");
      questions.push({ key, title: question.title, type: question.type, texts });
    }
  }
  return { survey, filter, courses, total, questions };
}
