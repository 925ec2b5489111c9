// POST /survey/submit {survey_id, response} (spec §7) -> {responded_at}: a student answers a survey once. The
// answers are checked against the questions (answers.ts: required ones, select and checkbox values among the
// options); a second answer is refused with 409 (the unique index decides when two submissions race).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { checkAnswers } from "./answers.ts";
import { canTakeSurveys } from "./policies.ts";
import { submitSchema } from "./schemas.ts";
import { reachesSurvey } from "./survey-reach.ts";
import { findSurvey } from "./survey-records.ts";

export async function submitSurvey(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ responded_at: string }> {
  const member = authorizeUser(actor, canTakeSurveys(actor));
  const { survey_id, response } = parseInput(submitSchema, input);
  const survey = await findSurvey(db, survey_id);
  if (!(await reachesSurvey(db, member, survey))) throw new AppError("not_found");
  const answers = checkAnswers(survey.questions, response);
  const inserted = await db
    .insertInto("survey_responses")
    .values({
      survey_id: survey.id,
      user_id: member.userId,
      answers: JSON.stringify(answers),
      responded_at: now,
      // Where the answer came from, kept as it was: the results filter by it even after the survey moves.
      course_id: survey.course_id,
    })
    .onConflict((oc) => oc.columns(["survey_id", "user_id"]).doNothing())
    .returning("responded_at")
    .executeTakeFirst();
  if (!inserted) throw new AppError("conflict", { messageKey: "surveys:already_answered" });
  return { responded_at: inserted.responded_at };
}
