// POST /survey/{id}/postpone (spec §4): 'Remind me later', or closing the modal, stores the postponement time; the
// survey stays hidden from this student for 24 h (policies.ts). Postponing again moves the time; an answered
// survey needs no postponement (409).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import { canTakeSurveys } from "./policies.ts";
import { reachesSurvey } from "./survey-reach.ts";
import { findSurvey, studentStates } from "./survey-records.ts";

export async function postponeSurvey(
  db: Db,
  actor: Actor,
  idInput: unknown,
  now = nowIso(),
): Promise<{ postponed_at: string }> {
  const member = authorizeUser(actor, canTakeSurveys(actor));
  const survey = await findSurvey(db, idParam(idInput));
  if (!(await reachesSurvey(db, member, survey))) throw new AppError("not_found");
  const state = (await studentStates(db, member.userId, [survey.id])).get(survey.id)!;
  if (state.responded_at !== null) throw new AppError("conflict", { messageKey: "surveys:already_answered" });
  await db
    .insertInto("survey_postponements")
    .values({ survey_id: survey.id, user_id: member.userId, postponed_at: now })
    .onConflict((oc) => oc.columns(["survey_id", "user_id"]).doUpdateSet({ postponed_at: now }))
    .execute();
  return { postponed_at: now };
}
