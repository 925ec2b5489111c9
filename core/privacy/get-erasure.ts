// Whether a student's data was erased, for the admin's student page (the erasure panel gives way to a notice).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canManageStudentData } from "./policies.ts";

export async function getErasure(
  db: Db,
  actor: Actor,
  studentId: number,
): Promise<{ created_at: string; requested_by: string } | null> {
  authorizeUser(actor, canManageStudentData(actor));
  const row = await db
    .selectFrom("erasures")
    .select(["created_at", "requested_by"])
    .where("user_id", "=", studentId)
    .executeTakeFirst();
  return row ?? null;
}
