// POST /home/memberships/members/{id}/end {reason}: the admin ends a membership at once (a refund given elsewhere, a
// fraud, a member's request): it becomes finished, access stops, no renewal or retry is charged again. Kept in the
// history with the reason. An abandoned checkout (STARTED) can be ended too; an ended one cannot (409).
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { pathId } from "#core/shared/path-id.ts";
import { parseInput } from "../../validation.ts";
import { type Actor, authorizeUser } from "../../shared/actor.ts";
import { canManageMembers } from "../policies.ts";
import { endSchema } from "./schemas.ts";
import { dropPendingRetries } from "../internal/drop-retries.ts";

const ENDABLE = ["STARTED", "active", "at_risk", "past_due", "canceled"] as const;

export async function endMembership(
  db: Db,
  actor: Actor,
  id: unknown,
  input: unknown,
  now = nowIso(),
): Promise<{ membership_id: number }> {
  const { userId } = authorizeUser(actor, canManageMembers(actor));
  const membershipId = pathId(id);
  const { reason } = parseInput(endSchema, input);
  return inTransaction(db, async (trx) => {
    const exists = await trx.selectFrom("memberships").select("id").where("id", "=", membershipId).executeTakeFirst();
    if (!exists) throw new AppError("not_found");
    const ended = await trx
      .updateTable("memberships")
      .set({ status: "finished", cancel_at_period_end: 0, ended_at: now, updated_at: now })
      .where("id", "=", membershipId)
      .where("status", "in", [...ENDABLE])
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0)
      throw new AppError("conflict", { messageKey: "memberships_admin:not_endable" });
    // A renewal waiting for its retry is given up.
    await dropPendingRetries(trx, membershipId, now);
    await trx
      .insertInto("membership_events")
      .values({ membership_id: membershipId, kind: "ended", reason, actor_user_id: userId, created_at: now })
      .execute();
    return { membership_id: membershipId };
  });
}
