// GDPR erasure (issue 18, item 5). The admin erases a student from the student's page (DELETE
// /home/students/{id}, typing DELETE); a student erases their own account from /my/account (typing DELETE and
// the current password), done at once (decision 0043). What happens to each table is classified in
// personal-data.ts: the person's name, e-mail, content, sessions, tokens, tags and leads go; transactions and
// invoices stay (the accounting law), the user row stays anonymised because they reference it; one `erasures`
// row records when and by whom, without the data.
import type { Db } from "#platform/db/connection.ts";
import { nowIso, sql } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import type { ErasureRequester } from "#platform/db/schema-privacy.ts";
import { commentableKind } from "../discussion/commentable-kinds.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { idFromText } from "../shared/ids.ts";
import { parseInput } from "../validation.ts";
import type { AccountServices } from "../accounts/account-services.ts";
import { findUserById } from "../accounts/find-user.ts";
import { requireCurrentPassword } from "../accounts/require-current-password.ts";
import { canManageOwnData, canManageStudentData } from "./policies.ts";
import { eraseOwnAccountSchema, eraseStudentSchema } from "./schemas.ts";

/** Memberships that still renew or may be charged: the erasure waits until they are cancelled or ended. */
const LIVE_MEMBERSHIP = ["active", "at_risk", "past_due"] as const;

/** The non-deliverable address an erased account keeps (RFC 2606 .invalid), unique per user. */
export function erasedEmail(userId: number): string {
  return `erased-${userId}@erased.invalid`;
}

export function erasedName(userId: number): string {
  return `Erased user ${userId}`;
}

/** A stored password hash no password matches (verifyPassword rejects what it cannot parse). */
const NO_PASSWORD = "erased";

type Person = { id: number; name: string; email: string };

/** Replaces the person's e-mail and name inside a free-text or JSON column (other people's mails, job payloads). */
function scrubbed(column: string, person: Person) {
  const ref = sql.ref(column);
  const email = sql`replace(replace(${ref}, ${person.email}, ${erasedEmail(person.id)}), ${person.email.toLowerCase()}, ${erasedEmail(person.id)})`;
  return sql<string>`replace(${email}, ${person.name}, ${erasedName(person.id)})`;
}

async function scrub(trx: Db, table: string, columns: string[], person: Person) {
  const like = `%${person.email.toLowerCase()}%`;
  const likeName = `%${person.name}%`;
  const set = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${scrubbed(column, person)}`));
  const any = sql.join(
    columns.flatMap((column) => [
      sql`lower(${sql.ref(column)}) like ${like}`,
      sql`${sql.ref(column)} like ${likeName}`,
    ]),
    sql` or `,
  );
  await sql`update ${sql.table(table)} set ${set} where ${any}`.execute(trx);
}

/** The person's comments and replies, and those of others under their comments and posts, with counts kept right. */
async function deleteDiscussion(trx: Db, userId: number) {
  const postIds = (await trx.selectFrom("community_posts").select("id").where("user_id", "=", userId).execute()).map(
    (post) => post.id,
  );
  let comments = trx
    .selectFrom("comments")
    .select(["id", "commentable_type", "commentable_id", "hidden_at"])
    .where("user_id", "=", userId);
  if (postIds.length > 0) {
    comments = trx
      .selectFrom("comments")
      .select(["id", "commentable_type", "commentable_id", "hidden_at"])
      .where((eb) =>
        eb.or([
          eb("user_id", "=", userId),
          eb.and([eb("commentable_type", "=", "post"), eb("commentable_id", "in", postIds)]),
        ]),
      );
  }
  const gone = await comments.execute();
  const commentIds = gone.map((comment) => comment.id);
  const replies = await trx
    .selectFrom("replies")
    .select(["id", "comment_id"])
    .where((eb) =>
      commentIds.length > 0
        ? eb.or([eb("user_id", "=", userId), eb("comment_id", "in", commentIds)])
        : eb("user_id", "=", userId),
    )
    .execute();
  const replyIds = replies.map((reply) => reply.id);
  if (replyIds.length > 0) {
    await trx.deleteFrom("votes").where("votable_type", "=", "reply").where("votable_id", "in", replyIds).execute();
    await trx.deleteFrom("replies").where("id", "in", replyIds).execute();
    // Others' comments that lost the person's replies: their count of replies (hidden ones included).
    const touched = [...new Set(replies.map((reply) => reply.comment_id))].filter((id) => !commentIds.includes(id));
    for (const commentId of touched) {
      await trx
        .updateTable("comments")
        .set({
          replies_count: sql<number>`(select count(*) from replies where replies.comment_id = ${commentId})`,
        })
        .where("id", "=", commentId)
        .execute();
    }
  }
  if (commentIds.length > 0) {
    await trx.deleteFrom("votes").where("votable_type", "=", "comment").where("votable_id", "in", commentIds).execute();
    await trx.deleteFrom("comments").where("id", "in", commentIds).execute();
    for (const comment of gone) {
      // A hidden comment left its commentable's count when it was hidden; a deleted post needs no count.
      if (comment.hidden_at !== null) continue;
      if (comment.commentable_type === "post" && postIds.includes(comment.commentable_id)) continue;
      await commentableKind(comment.commentable_type).countComments?.(trx, comment.commentable_id, -1);
    }
  }
  if (postIds.length > 0) {
    await trx.deleteFrom("votes").where("votable_type", "=", "post").where("votable_id", "in", postIds).execute();
    await trx.deleteFrom("community_posts").where("id", "in", postIds).execute();
  }
}

async function erase(db: Db, person: Person, erasedBy: number, requestedBy: ErasureRequester) {
  const live = await db
    .selectFrom("memberships")
    .select("id")
    .where("user_id", "=", person.id)
    .where("status", "in", LIVE_MEMBERSHIP)
    .executeTakeFirst();
  if (live) throw new AppError("conflict", { messageKey: "students:erase_live_membership" });
  const userId = person.id;
  const email = person.email.toLowerCase();
  await inTransaction(db, async (trx) => {
    const done = await trx.selectFrom("erasures").select("id").where("user_id", "=", userId).executeTakeFirst();
    if (done) throw new AppError("conflict", { messageKey: "students:erase_already" });

    for (const table of [
      "sessions",
      "password_resets",
      "drip_notices",
      "favourite_courses",
      "favourite_lectures",
      "membership_cancellations",
      "community_topic_subscriptions",
      "community_notifications",
      "survey_responses",
      "survey_postponements",
      "exam_attempts",
      "certificates",
      "student_tags",
      "reviews",
    ] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    await trx.deleteFrom("reports").where("reporter_id", "=", userId).execute();
    await deleteDiscussion(trx, userId);
    await trx.updateTable("lecture_progress").set({ note: "" }).where("user_id", "=", userId).execute();
    await trx
      .updateTable("memberships")
      .set({
        provider_token: null,
        provider_customer_ref: null,
        card_brand: null,
        card_last4: null,
        card_exp_month: null,
        card_exp_year: null,
      })
      .where("user_id", "=", userId)
      .execute();
    await trx
      .updateTable("invitations")
      .set({ name: erasedName(userId), email: erasedEmail(userId) })
      .where((eb) => eb.or([eb("user_id", "=", userId), eb(eb.fn("lower", ["email"]), "=", email)]))
      .execute();

    // Transactions stay (accounting); the e-mail goes; the name and invoice details stay where an invoice was
    // issued from them (the invoice law keeps the buyer's data as issued).
    await trx
      .updateTable("transactions")
      .set({ buyer_email: erasedEmail(userId) })
      .where("user_id", "=", userId)
      .execute();
    await trx
      .updateTable("transactions")
      .set({ buyer_name: erasedName(userId), invoice: null })
      .where("user_id", "=", userId)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("invoices").select("id").whereRef("transaction_id", "=", "transactions.id"))),
      )
      .execute();

    const leadIds = (
      await trx
        .selectFrom("leads")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
        .execute()
    ).map((lead) => lead.id);
    if (leadIds.length > 0) await trx.deleteFrom("leads").where("id", "in", leadIds).execute();
    await trx
      .deleteFrom("mails")
      .where((eb) => eb(eb.fn("lower", ["to_address"]), "=", email))
      .execute();
    // Mentions elsewhere: mails to others (a sale's notice to the school), job payloads, outgoing webhooks, the
    // admins' import reports.
    await scrub(trx, "mails", ["subject", "text_body", "html_body"], person);
    await scrub(trx, "jobs", ["payload"], person);
    await scrub(trx, "webhook_deliveries", ["payload"], person);
    await scrub(trx, "student_imports", ["lines", "report"], person);

    // A former team member's actions stay in the owner's audit log, under the placeholder name.
    await trx
      .updateTable("audit_log")
      .set({ actor_name: erasedName(userId) })
      .where("user_id", "=", userId)
      .execute();

    const now = nowIso();
    await trx
      .updateTable("users")
      .set({
        name: erasedName(userId),
        email: erasedEmail(userId),
        password_hash: NO_PASSWORD,
        email_notifications: "{}",
        posting_paused_until: null,
        updated_at: now,
      })
      .where("id", "=", userId)
      .execute();
    await trx
      .insertInto("erasures")
      .values({ user_id: userId, erased_by: erasedBy, requested_by: requestedBy, created_at: now })
      .execute();
  });
}

/** The admin's erasure of a student: typed DELETE; 404 for an unknown id or an admin's account. */
export async function eraseStudent(db: Db, actor: Actor, studentId: unknown, input: unknown): Promise<void> {
  const admin = authorizeUser(actor, canManageStudentData(actor));
  const id = idFromText(studentId);
  const student = id ? await findUserById(db, id) : undefined;
  if (!student || student.role !== "student") throw new AppError("not_found");
  parseInput(eraseStudentSchema, input);
  await erase(db, student, admin.userId, "admin");
}

/** A person's erasure of their own account: typed DELETE and the current password (throttled like a login). */
export async function eraseOwnAccount(services: AccountServices, actor: Actor, input: unknown): Promise<void> {
  const { userId } = authorizeUser(actor, canManageOwnData(actor));
  const data = parseInput(eraseOwnAccountSchema, input);
  const user = await findUserById(services.db, userId);
  if (!user) throw new AppError("unauthenticated");
  // The school's owner cannot erase themselves here: an admin account is not a student's data.
  if (user.role !== "student") throw new AppError("forbidden");
  await requireCurrentPassword(services.throttle, user, data.current_password);
  await erase(services.db, user, userId, "self");
}
