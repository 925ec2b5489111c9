// POST /my/membership/cancel-survey {membership_id, reason, other_reason} (spec §3, §5, §7): why the member
// cancelled. The reason is required; 'other' and 'technical' need at least 4 characters of the member's own words.
// It answers the cancellation just made (one answer each: a second is a 409).
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { requireOwnMembership } from "./internal/own-membership.ts";
import { canManageOwnMembership } from "./policies.ts";
import { cancelSurveySchema } from "./schemas.ts";

export async function answerCancelSurvey(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ membership_id: number }> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const answer = parseInput(cancelSurveySchema, input);
  await requireOwnMembership(db, userId, answer.membership_id);
  const cancellation = await db
    .selectFrom("membership_cancellations")
    .select(["id", "answered_at"])
    .where("membership_id", "=", answer.membership_id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!cancellation) throw new AppError("not_found");
  const updated = await db
    .updateTable("membership_cancellations")
    .set({
      reason: answer.reason,
      other_reason: answer.reason === "other" || answer.reason === "technical" ? answer.other_reason : "",
      answered_at: now,
    })
    .where("id", "=", cancellation.id)
    .where("answered_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    throw new AppError("conflict", { messageKey: "memberships:survey_answered" });
  return { membership_id: answer.membership_id };
}
