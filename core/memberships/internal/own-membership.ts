// The caller's own membership by id: another user's (or an unknown id) is a 404, never a 403.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { Membership } from "#platform/db/schema.ts";

export async function requireOwnMembership(db: Db, userId: number, id: number): Promise<Membership> {
  const membership = await db
    .selectFrom("memberships")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!membership) throw new AppError("not_found");
  return membership;
}
