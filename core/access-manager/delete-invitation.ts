// DELETE /home/access-manager/{courseId}/{invitationId}: a seat handed out by mistake is taken back while the
// invitation is still 'sent' (§3); an accepted one stays (409). Another buyer's invitation, or one of another
// course, is "not found" (404). The delete is guarded by the status, so a delete racing an acceptance loses.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { authorizeManager, managesEveryPurchase } from "./team-purchases.ts";

export async function deleteInvitation(
  db: Db,
  actor: Actor,
  options: { courseId: unknown; invitationId: unknown },
): Promise<void> {
  const manager = authorizeManager(actor);
  const courseId = pathId(options.courseId);
  const invitationId = pathId(options.invitationId);
  let query = db
    .selectFrom("invitations as i")
    .innerJoin("transactions as t", "t.id", "i.parent_transaction_id")
    .select(["i.id", "i.status"])
    .where("i.id", "=", invitationId)
    .where("i.course_id", "=", courseId);
  if (!managesEveryPurchase(manager)) query = query.where("t.user_id", "=", manager.userId);
  const invitation = await query.executeTakeFirst();
  if (!invitation) throw new AppError("not_found");
  const deleted = await db
    .deleteFrom("invitations")
    .where("id", "=", invitation.id)
    .where("status", "=", "sent")
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1)
    throw new AppError("conflict", { messageKey: "access:cannot_delete_accepted" });
}
