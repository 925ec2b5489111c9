// The first step of the account settings use-cases (/my/account): the policy answers first (401 for a visitor),
// then the account is the actor's own: there is no id to name another's.
import type { Db } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { findUserById } from "./find-user.ts";
import { canChangeOwnAccount } from "./policies.ts";

/** The actor's own user id, after the policy. */
export function ownAccountId(actor: Actor): number {
  return authorizeUser(actor, canChangeOwnAccount(actor)).userId;
}

/** The actor's own account as stored. */
export async function getOwnAccount(db: Db, actor: Actor): Promise<User> {
  const user = await findUserById(db, ownAccountId(actor));
  // Deleted since the session was read: as good as logged out.
  if (!user) throw new AppError("unauthenticated");
  return user;
}

/** A change made from a session (the others may be signed out): the actor's own id and that session. */
export function ownSession(actor: Actor, sessionId: string | undefined): { userId: number; sessionId: string } {
  const userId = ownAccountId(actor);
  if (!sessionId) throw new AppError("unauthenticated");
  return { userId, sessionId };
}
