// POST /home/surveys/{id} (issue 17, item 1): the admin edits a survey.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import { parseInput } from "../validation.ts";
import { canManageSurveys } from "./policies.ts";
import { surveySchema } from "./schemas.ts";
import { checkPlace, columnsOf } from "./survey-place.ts";
import { findSurvey, type SurveyView } from "./survey-records.ts";

/** POST /home/surveys/{id}: the survey changed; answers already given stay as they were. */
export async function updateSurvey(
  db: Db,
  actor: Actor,
  idInput: unknown,
  input: unknown,
  now = nowIso(),
): Promise<SurveyView> {
  authorize(actor, canManageSurveys(actor));
  const id = idParam(idInput);
  const survey = parseInput(surveySchema, input);
  await checkPlace(db, survey);
  const updated = await db
    .updateTable("surveys")
    .set({ ...columnsOf(survey), updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError("not_found");
  return findSurvey(db, id);
}
