// Pausing a member's posting (issue 14, item 8): an admin pauses a student for 1, 7 or 30 days or until lifted, and
// lifts it. While paused, every write a member makes in the discussion and the community is refused with a 403 that
// says until when; the writing use-cases call assertMayWrite first. Admins are never paused. The clock is a
// parameter (`now`), so tests move it instead of waiting.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser, isSignedIn } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canBePaused, canModerate, isPostingPaused, PAUSED_UNTIL_LIFTED, pauseEnd } from "./policies.ts";
import { liftSchema, pauseSchema } from "./schemas.ts";

/** The refusal of a paused member's write: 403, in the request's language, saying until when (UTC). */
export function postingPausedError(until: string): AppError {
  if (until === PAUSED_UNTIL_LIFTED) return new AppError("forbidden", { messageKey: "moderation:paused_until_lifted" });
  return new AppError("forbidden", {
    messageKey: "moderation:paused_until",
    values: { until: `${until.slice(0, 16).replace("T", " ")} UTC` },
  });
}

/** Throws the 403 when the actor's posting is paused at `now`; a visitor or an admin passes (others decide). */
export async function assertMayWrite(db: Db, actor: Actor, now = nowIso()): Promise<void> {
  if (!isSignedIn(actor) || actor.kind !== "student") return;
  const user = await db
    .selectFrom("users")
    .select(["role", "posting_paused_until"])
    .where("id", "=", actor.userId)
    .executeTakeFirst();
  if (user && isPostingPaused(user, now)) throw postingPausedError(user.posting_paused_until!);
}

/** POST /home/moderation/pause {user_id, duration}: the admin pauses a student's posting; the end it set. */
export async function pausePosting(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ user_id: number; posting_paused_until: string }> {
  authorizeUser(actor, canModerate(actor));
  const { user_id, duration } = parseInput(pauseSchema, input);
  const user = await db.selectFrom("users").select(["id", "role"]).where("id", "=", user_id).executeTakeFirst();
  if (!user) throw new AppError("not_found");
  if (!canBePaused(user)) throw new AppError("forbidden", { messageKey: "moderation:admins_never_paused" });
  const until = pauseEnd(now, duration);
  await db.updateTable("users").set({ posting_paused_until: until }).where("id", "=", user.id).execute();
  return { user_id: user.id, posting_paused_until: until };
}

/** POST /home/moderation/lift {user_id}: the admin lets a paused member write again at once. */
export async function liftPostingPause(db: Db, actor: Actor, input: unknown): Promise<{ user_id: number }> {
  authorizeUser(actor, canModerate(actor));
  const { user_id } = parseInput(liftSchema, input);
  const lifted = await db
    .updateTable("users")
    .set({ posting_paused_until: null })
    .where("id", "=", user_id)
    .executeTakeFirst();
  if (Number(lifted.numUpdatedRows) === 0) throw new AppError("not_found");
  return { user_id };
}
