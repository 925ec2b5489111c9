// POST /survey/{id} (spec §7) -> {survey, responded_at}: the survey as the modal shows it, and when this student
// answered it (null: not yet). A survey the student does not reach answers 404, like one that does not exist.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import { canTakeSurveys } from "./policies.ts";
import { reachesSurvey } from "./survey-reach.ts";
import { findSurvey, studentStates, type SurveyView } from "./survey-records.ts";

export async function openSurvey(
  db: Db,
  actor: Actor,
  idInput: unknown,
): Promise<{ survey: SurveyView; responded_at: string | null }> {
  const member = authorizeUser(actor, canTakeSurveys(actor));
  const survey = await findSurvey(db, idParam(idInput));
  if (!(await reachesSurvey(db, member, survey))) throw new AppError("not_found");
  const state = (await studentStates(db, member.userId, [survey.id])).get(survey.id)!;
  return { survey, responded_at: state.responded_at };
}
