// POST /home/access-manager/{courseId} {course_id, parent_transaction_id, name, email}: the buyer of a team
// purchase (or an admin) hands a seat to someone by e-mail. The answer is the invitation (§3); the e-mail with
// the link /invitations/{token} is queued in the same database transaction (outbox).
// Rules: the purchase must be the user's (or any, for an admin), paid, and of this course (else 404 / 409); one
// invitation per e-mail per purchase; a person who already has the course gets 'This student already has
// access to this product' (§8); never more invitations than seats (§9), also under concurrent requests: the
// purchase's row is locked by an update first (PostgreSQL holds the row lock to the end of the transaction,
// SQLite has a single writer), and only then are the seats counted, so two requests never count the same seat.
import { sql } from "kysely";
import { AppError, fieldError } from "#core/errors.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { translator } from "#platform/i18n/index.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { hashInvitationToken, newInvitationToken } from "./invitation-token.ts";
import { invitationColumns, type InvitationJson } from "./invitations.ts";
import { inviteSchema } from "./schemas.ts";
import type { Actor } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { authorizeManager, findTeamPurchase, seatsActive } from "./team-purchases.ts";

export type InviteContext = {
  actor: Actor;
  /** the path's id, unparsed: parsed after the policy (401 first) */
  courseId: unknown;
  lang: Lang;
  baseUrl: string;
  schoolName: string;
};

export async function inviteToCourse(db: Db, context: InviteContext, input: unknown): Promise<InvitationJson> {
  const manager = authorizeManager(context.actor);
  const courseId = pathId(context.courseId);
  const data = parseInput(inviteSchema, input);
  // The body's course must be the address's: a purchase of another course is not found here.
  if (data.course_id !== courseId) throw new AppError("not_found");
  return db.transaction().execute(async (trx) => {
    const purchase = await findTeamPurchase(trx, manager, courseId, data.parent_transaction_id);
    if (!purchase) throw new AppError("not_found");
    await trx
      .updateTable("transactions")
      .set({ updated_at: sql`updated_at` })
      .where("id", "=", purchase.id)
      .execute();
    const current = await trx
      .selectFrom("transactions")
      .select(["status", "quantity", "access_granted_at"])
      .where("id", "=", purchase.id)
      .executeTakeFirstOrThrow();
    if (!seatsActive(current)) throw new AppError("conflict", { messageKey: "access:purchase_not_paid" });
    const { used } = await trx
      .selectFrom("invitations")
      .select((eb) => eb.fn.countAll<number>().as("used"))
      .where("parent_transaction_id", "=", purchase.id)
      .executeTakeFirstOrThrow();
    if (Number(used) >= current.quantity) {
      throw new AppError("conflict", { messageKey: "access:none_left", values: { count: current.quantity } });
    }
    const duplicate = await trx
      .selectFrom("invitations")
      .select("id")
      .where("parent_transaction_id", "=", purchase.id)
      .where("email", "=", data.email)
      .executeTakeFirst();
    if (duplicate) throw fieldError("email", "access:already_invited");
    const invitee = await trx
      .selectFrom("users")
      .select(["id", "role"])
      .where("email", "=", data.email)
      .executeTakeFirst();
    if (invitee && (await hasCourseAccess(trx, invitee, courseId)))
      throw fieldError("email", "access:already_has_access");

    const token = newInvitationToken();
    const invitation = await trx
      .insertInto("invitations")
      .values({
        parent_transaction_id: purchase.id,
        course_id: courseId,
        name: data.name,
        email: data.email,
        status: "sent",
        token_hash: hashInvitationToken(token),
        user_id: null,
        created_at: nowIso(),
        accepted_at: null,
      })
      .returning(invitationColumns)
      .executeTakeFirstOrThrow();

    const course = await trx.selectFrom("courses").select("title").where("id", "=", courseId).executeTakeFirstOrThrow();
    const t = translator(context.lang);
    const values = {
      name: data.name,
      inviter: purchase.buyer_name,
      course: course.title,
      school: context.schoolName,
      link: `${context.baseUrl}/invitations/${token}`,
    };
    await enqueue(trx, sendMailJob, {
      to: data.email,
      subject: t("access:invitation_subject", values),
      text: t("access:invitation_text", values),
    });
    return invitation;
  });
}
