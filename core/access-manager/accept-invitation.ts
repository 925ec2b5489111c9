// POST /invitations/{token}/accept: the invited person takes their seat. They must be logged in with the
// e-mail the invitation was sent to (a forwarded link does not give someone else the seat; the page says so, and
// the answer to anyone else is a 404 that names no address).
// The invitation moves 'sent' -> 'accepted' once (a guarded update: of two concurrent accepts one wins) and in
// the same database transaction the course access is granted, with the course's access length or end date.
import { AppError } from "#core/errors.ts";
import { grantCourseAccess, hasCourseAccess } from "#core/learning/course-access.ts";
import { accessEndsAt } from "#core/selling/grant-purchase.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { findInvitationByToken } from "./find-invitation.ts";
import { canAcceptInvitations } from "./policies.ts";

export async function acceptInvitation(
  db: Db,
  actor: Actor,
  token: string,
): Promise<{ course: { id: number; title: string; slug: string } }> {
  const { userId } = authorizeUser(actor, canAcceptInvitations(actor));
  return db.transaction().execute(async (trx) => {
    // The e-mail the seat is checked against is the account's own, as stored.
    const user = await trx
      .selectFrom("users")
      .select(["id", "role", "email"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const invitation = await findInvitationByToken(trx, token);
    if (!invitation) throw new AppError("not_found", { messageKey: "access:invitation_unknown" });
    if (invitation.status !== "sent") throw new AppError("conflict", { messageKey: "access:invitation_used" });
    if (!invitation.usable) throw new AppError("conflict", { messageKey: "access:invitation_inactive" });
    // Someone else's invitation: a 404 whose message names no address (the link may have been forwarded).
    if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError("not_found", { messageKey: "access:invitation_other_email" });
    }
    if (await hasCourseAccess(trx, user, invitation.course.id))
      throw new AppError("conflict", { messageKey: "access:you_have_access" });
    const accepted = await trx
      .updateTable("invitations")
      .set({ status: "accepted", user_id: user.id, accepted_at: nowIso() })
      .where("id", "=", invitation.id)
      .where("status", "=", "sent")
      .executeTakeFirst();
    if (Number(accepted.numUpdatedRows) !== 1) throw new AppError("conflict", { messageKey: "access:invitation_used" });
    const limits = await trx
      .selectFrom("courses")
      .select(["access_days", "access_ends_at"])
      .where("id", "=", invitation.course.id)
      .executeTakeFirstOrThrow();
    await grantCourseAccess(trx, {
      userId: user.id,
      courseId: invitation.course.id,
      endsAt: accessEndsAt(limits),
      source: "invitation",
      grantedBy: null,
    });
    return { course: invitation.course };
  });
}
