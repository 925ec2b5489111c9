// POST /home/surveys/{id}/delete (issue 17, item 1): the admin deletes a survey.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import { canManageSurveys } from "./policies.ts";

/** POST /home/surveys/{id}/delete: the survey, its answers and postponements go. */
export async function deleteSurvey(db: Db, actor: Actor, idInput: unknown): Promise<{ id: number }> {
  authorize(actor, canManageSurveys(actor));
  const id = idParam(idInput);
  const deleted = await db.deleteFrom("surveys").where("id", "=", id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError("not_found");
  return { id };
}
