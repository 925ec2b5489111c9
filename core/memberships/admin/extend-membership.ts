// POST /home/memberships/members/{id}/extend {unit: days|periods, count, reason}: the admin adds time to a live
// membership (active, at risk, or canceled: a canceled one keeps access longer). The period's end moves, and so does
// the anchor every later period is counted from (`started_at`: period n ends n periods after it), so the next
// renewal comes after the extension instead of snapping back. Kept in the history with the reason.
import { AppError, fieldError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { pathId } from "#core/shared/path-id.ts";
import { parseInput } from "../../validation.ts";
import { type Actor, authorizeUser } from "../../shared/actor.ts";
import { LIFETIME, addDays, addMonths, cardExpiresBefore } from "../periods.ts";
import { canManageMembers } from "../policies.ts";
import { EXTEND_PERIODS_MAX, extendSchema } from "./schemas.ts";

const EXTENDABLE = ["active", "at_risk", "canceled"] as const;

export async function extendMembership(
  db: Db,
  actor: Actor,
  id: unknown,
  input: unknown,
  now = nowIso(),
): Promise<{ membership_id: number; current_period_end: string }> {
  const { userId } = authorizeUser(actor, canManageMembers(actor));
  const membershipId = pathId(id);
  const { unit, count, reason } = parseInput(extendSchema, input);
  if (unit === "periods" && count > EXTEND_PERIODS_MAX)
    throw fieldError("count", "validation:number_max", { max: EXTEND_PERIODS_MAX });
  return inTransaction(db, async (trx) => {
    const membership = await trx
      .selectFrom("memberships")
      .selectAll()
      .where("id", "=", membershipId)
      .executeTakeFirst();
    if (!membership) throw new AppError("not_found");
    if (
      !(EXTENDABLE as readonly string[]).includes(membership.status) ||
      membership.period_months === LIFETIME ||
      !membership.current_period_end ||
      !membership.started_at
    )
      throw new AppError("conflict", { messageKey: "memberships_admin:not_extendable" });
    const shift = (iso: string) =>
      unit === "days" ? addDays(iso, count) : addMonths(iso, count * membership.period_months);
    const periodEnd = shift(membership.current_period_end);
    const status =
      membership.status === "canceled" ? "canceled" : cardExpiresBefore(membership, periodEnd) ? "at_risk" : "active";
    const updated = await trx
      .updateTable("memberships")
      .set({ current_period_end: periodEnd, started_at: shift(membership.started_at), status, updated_at: now })
      .where("id", "=", membershipId)
      .where("status", "=", membership.status)
      .where("current_period_end", "=", membership.current_period_end)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      throw new AppError("conflict", { messageKey: "memberships_admin:changed_meanwhile" });
    await trx
      .insertInto("membership_events")
      .values({
        membership_id: membershipId,
        kind: "extended",
        days: unit === "days" ? count : 0,
        periods: unit === "periods" ? count : 0,
        reason,
        actor_user_id: userId,
        created_at: now,
      })
      .execute();
    return { membership_id: membershipId, current_period_end: periodEnd };
  });
}
