// POST /home/team {name, email, role} (issue 18, item 4): the owner invites someone to the team as an admin or a
// moderator. A new e-mail becomes an account of that role with the students' invitation to set its password
// (core/accounts/queue-password-link.ts, valid a week); an existing student is promoted (their sessions end, so
// they log in again with the new role); someone already on the team is refused ('already on the team': change
// their role instead). The account, its role and the invitation mail commit together.
import type { Db } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { createUser } from "#core/accounts/create-user.ts";
import { findUserByEmail } from "#core/accounts/find-user.ts";
import type { ScryptParams } from "#core/accounts/passwords.ts";
import { type PasswordLinkContext, queuePasswordLink } from "#core/accounts/queue-password-link.ts";
import { INVITATION_TTL_MS } from "#core/accounts/request-password-reset.ts";
import { newToken } from "#core/accounts/tokens.ts";
import { fieldError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canManageTeam } from "./policies.ts";
import { inviteMemberSchema } from "./schemas.ts";
import { setRole, type TeamMember } from "./team-members.ts";

export type InviteDeps = { secret: Buffer; hashing?: ScryptParams; link: PasswordLinkContext };

export type Invited = { outcome: "invited" | "promoted"; member: TeamMember };

export async function inviteTeamMember(db: Db, actor: Actor, deps: InviteDeps, input: unknown): Promise<Invited> {
  authorize(actor, canManageTeam(actor));
  const data = parseInput(inviteMemberSchema, input);
  return inTransaction(db, async (trx) => {
    const existing = await findUserByEmail(trx, data.email);
    if (existing && existing.role !== "student") throw fieldError("email", "team:already_member");
    if (existing) {
      await setRole(trx, existing.id, data.role);
      const member = { id: existing.id, name: existing.name, email: existing.email, role: data.role, owner: false };
      return { outcome: "promoted" as const, member };
    }
    const user = await createUser(
      trx,
      { name: data.name, email: data.email, password: newToken(), role: data.role },
      deps.hashing,
    );
    await queuePasswordLink(trx, deps.secret, user, deps.link, { ttlMs: INVITATION_TTL_MS, kind: "invitation" });
    const member = { id: user.id, name: user.name, email: user.email, role: data.role, owner: false };
    return { outcome: "invited" as const, member };
  });
}
