// The team's rows and the one change every team use-case makes: a user's role set, and their sessions ended, in
// one transaction (core/accounts/sessions.ts: a role change empties this process's session cache on commit; the
// sessions' rows going means no other process lets the old role act either).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Role } from "#platform/db/schema.ts";
import { destroyOtherSessions } from "#core/accounts/sessions.ts";
import { AppError } from "../errors.ts";

export type TeamMember = { id: number; name: string; email: string; role: "admin" | "moderator"; owner: boolean };

export async function schoolOwnerId(db: Db): Promise<number | null> {
  const school = await db.selectFrom("school").select("owner_user_id").executeTakeFirst();
  return school?.owner_user_id ?? null;
}

/** A member of the team by id, or 404 (a student's id too: they are not on the team). */
export async function findTeamMember(db: Db, id: number): Promise<{ id: number; role: Role }> {
  const user = await db
    .selectFrom("users")
    .select(["id", "role"])
    .where("id", "=", id)
    .where("role", "in", ["admin", "moderator"])
    .executeTakeFirst();
  if (!user) throw new AppError("not_found");
  return user;
}

/** Sets a user's role and ends every session of theirs: the next request they make is a visitor's. */
export async function setRole(trx: Db, userId: number, role: Role): Promise<void> {
  await trx.updateTable("users").set({ role, updated_at: nowIso() }).where("id", "=", userId).execute();
  await destroyOtherSessions(trx, userId);
}
