// POST /home/team/{id}/role {role}: the owner makes a team member an admin or a moderator; POST
// /home/team/{id}/remove: takes them off the team (back to a student, their account and what they wrote stay).
// Either way the member's sessions end. The owner's own role never changes ('The owner cannot be demoted').
import type { Db } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { fieldError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canChangeRoleOf, canManageTeam } from "./policies.ts";
import { changeRoleSchema, type TeamRole } from "./schemas.ts";
import { findTeamMember, schoolOwnerId, setRole } from "./team-members.ts";

async function moveMember(db: Db, actor: Actor, memberId: number, role: TeamRole | "student") {
  authorize(actor, canManageTeam(actor));
  return inTransaction(db, async (trx) => {
    const member = await findTeamMember(trx, memberId);
    if (!canChangeRoleOf(member, await schoolOwnerId(trx))) throw fieldError("role", "team:owner_fixed");
    if (member.role !== role) await setRole(trx, member.id, role);
    return { member: { id: member.id, role } };
  });
}

export async function changeTeamRole(db: Db, actor: Actor, memberId: number, input: unknown) {
  authorize(actor, canManageTeam(actor));
  const { role } = parseInput(changeRoleSchema, input);
  return moveMember(db, actor, memberId, role);
}

export async function removeTeamMember(db: Db, actor: Actor, memberId: number) {
  return moveMember(db, actor, memberId, "student");
}
