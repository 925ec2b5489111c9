// The surveys the student bought, for /my (issue 17, item 1): the surveys sold by the products they hold now, each
// with when they answered it (null: not yet), so the page offers 'Answer' until they have.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { activeAccess } from "#core/products/product-access.ts";
import { type Actor, isSignedIn } from "../shared/actor.ts";
import { studentStates, surveysWhere, type SurveyView } from "./survey-records.ts";

export type MySurvey = { survey: SurveyView; responded_at: string | null };

export async function listMySurveys(db: Db, actor: Actor, now = nowIso()): Promise<MySurvey[]> {
  if (!isSignedIn(actor)) return [];
  const held = await activeAccess(db, actor.userId, now).select("a.product_id").execute();
  const surveys = await surveysWhere(db, { placement: "product", product_ids: held.map((row) => row.product_id) });
  const states = await studentStates(
    db,
    actor.userId,
    surveys.map((survey) => survey.id),
  );
  return surveys.map((survey) => ({ survey, responded_at: states.get(survey.id)!.responded_at }));
}
