// /home/team: the school's team, admins and moderators, the owner first, then by name.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageTeam } from "./policies.ts";
import { schoolOwnerId, type TeamMember } from "./team-members.ts";

export async function listTeam(db: Db, actor: Actor): Promise<TeamMember[]> {
  authorize(actor, canManageTeam(actor));
  const ownerId = await schoolOwnerId(db);
  const rows = await db
    .selectFrom("users")
    .select(["id", "name", "email", "role"])
    .where("role", "in", ["admin", "moderator"])
    .orderBy("name")
    .orderBy("id")
    .execute();
  const members = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as TeamMember["role"],
    owner: row.id === ownerId,
  }));
  return [...members.filter((m) => m.owner), ...members.filter((m) => !m.owner)];
}
