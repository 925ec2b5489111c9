// A survey's answers as the admin filtered them (results and export alike): from one course, answered between two
// days (UTC, both included). The (survey_id, responded_at) index serves the date range.
import type { Db } from "#platform/db/connection.ts";
import type { ResultsFilter } from "./schemas.ts";

export function filteredResponses(db: Db, surveyId: number, filter: ResultsFilter) {
  let query = db.selectFrom("survey_responses as r").where("r.survey_id", "=", surveyId);
  if (filter.course_id !== null) query = query.where("r.course_id", "=", filter.course_id);
  if (filter.from) query = query.where("r.responded_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("r.responded_at", "<=", `${filter.to}T23:59:59.999Z`);
  return query;
}

/** The courses a survey's answers came from, for the course filter's options. */
export async function responseCourses(db: Db, surveyId: number): Promise<{ id: number; title: string }[]> {
  return db
    .selectFrom("survey_responses as r")
    .innerJoin("courses as c", "c.id", "r.course_id")
    .select(["c.id", "c.title"])
    .where("r.survey_id", "=", surveyId)
    .distinct()
    .orderBy("c.title")
    .orderBy("c.id")
    .execute();
}
