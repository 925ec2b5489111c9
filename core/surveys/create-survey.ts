// POST /home/surveys (issue 17, item 1): the admin builds a survey from the dynamic form's questions.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canManageSurveys } from "./policies.ts";
import { surveySchema } from "./schemas.ts";
import { checkPlace, columnsOf } from "./survey-place.ts";
import { findSurvey, type SurveyView } from "./survey-records.ts";

/** POST /home/surveys: a new survey; answers the survey as stored. */
export async function createSurvey(db: Db, actor: Actor, input: unknown, now = nowIso()): Promise<SurveyView> {
  authorize(actor, canManageSurveys(actor));
  const survey = parseInput(surveySchema, input);
  await checkPlace(db, survey);
  const row = await db
    .insertInto("surveys")
    .values({ ...columnsOf(survey), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return findSurvey(db, row.id);
}
