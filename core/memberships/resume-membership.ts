// POST /my/membership/resume {membership_id}: a canceled membership whose period has not ended yet renews again
// at its own price (Stripe Billing's "don't cancel"); after the period's end a new subscription is needed.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { requireOwnMembership } from "./internal/own-membership.ts";
import { canManageOwnMembership } from "./policies.ts";
import { resumeSchema } from "./schemas.ts";

export async function resumeMembership(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ membership_id: number }> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const { membership_id } = parseInput(resumeSchema, input);
  const membership = await requireOwnMembership(db, userId, membership_id);
  const updated = await db
    .updateTable("memberships")
    .set({ status: "active", cancel_at_period_end: 0, canceled_at: null, updated_at: now })
    .where("id", "=", membership.id)
    .where("status", "=", "canceled")
    .where("current_period_end", ">", now)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError("conflict", { messageKey: "memberships:not_resumable" });
  return { membership_id: membership.id };
}
