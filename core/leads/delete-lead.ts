// POST /home/leads/{id}/delete: the admin deletes a lead on its owner's request (GDPR): the row and its tags go.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import { canManageLeads } from "./policies.ts";

export async function deleteLead(db: Db, actor: Actor, idInput: unknown): Promise<{ id: number }> {
  authorize(actor, canManageLeads(actor));
  const id = idParam(idInput);
  const deleted = await db.deleteFrom("leads").where("id", "=", id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError("not_found");
  return { id };
}
