// What can be reported, and whether the actor sees it: a community post (its topic's reading rule and the hidden
// rule, core/community/policies.ts), a comment or a reply (whatever it hangs on decides, through the commentable
// registry, core/discussion/commentable-kinds.ts; a hidden one is the admins' alone). What the actor may not see
// answers 404, as if it did not exist.
import type { Db } from "#platform/db/connection.ts";
import type { ReportableType } from "#platform/db/schema.ts";
import { canReadTopic, canSeePost } from "../community/policies.ts";
import { holdsTopicKey } from "../community/topic-access.ts";
import { commentableKind } from "../discussion/commentable-kinds.ts";
import type { DiscussionViewer } from "../discussion/rights.ts";
import { AppError } from "../errors.ts";
import { type Actor, isAdmin, isSignedIn, type SignedInActor, userIdOf } from "../shared/actor.ts";
import { canModerate } from "./policies.ts";

/** A reported item as moderation needs it: its author, and whether it is hidden. */
export type ReportableItem = { type: ReportableType; id: number; user_id: number; hidden_at: string | null };

function viewerOf(actor: SignedInActor): DiscussionViewer {
  return { id: actor.userId, role: actor.kind };
}

async function visiblePost(db: Db, actor: Actor, id: number): Promise<ReportableItem> {
  const post = await db
    .selectFrom("community_posts as p")
    .innerJoin("community_topics as t", "t.id", "p.topic_id")
    .select(["p.id", "p.user_id", "p.hidden_at", "p.topic_id", "t.visibility", "t.allow_students_to_add_posts"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!post || !canSeePost(actor, post)) throw new AppError("not_found");
  const holdsKey =
    post.visibility === "restricted" && !isAdmin(actor)
      ? await holdsTopicKey(db, userIdOf(actor), post.topic_id)
      : false;
  if (!canReadTopic(actor, post, holdsKey)) throw new AppError("not_found");
  return { type: "post", id: post.id, user_id: post.user_id, hidden_at: post.hidden_at };
}

async function visibleComment(db: Db, actor: SignedInActor, id: number): Promise<ReportableItem> {
  const comment = await db
    .selectFrom("comments")
    .select(["id", "user_id", "hidden_at", "commentable_type", "commentable_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!comment || (comment.hidden_at !== null && !canModerate(actor))) throw new AppError("not_found");
  await commentableKind(comment.commentable_type).findVisible(db, comment.commentable_id, viewerOf(actor));
  return { type: "comment", id: comment.id, user_id: comment.user_id, hidden_at: comment.hidden_at };
}

async function visibleReply(db: Db, actor: SignedInActor, id: number): Promise<ReportableItem> {
  const reply = await db
    .selectFrom("replies as r")
    .innerJoin("comments as c", "c.id", "r.comment_id")
    .select([
      "r.id",
      "r.user_id",
      "r.hidden_at",
      "c.hidden_at as comment_hidden_at",
      "c.commentable_type",
      "c.commentable_id",
    ])
    .where("r.id", "=", id)
    .executeTakeFirst();
  const hidden = reply && (reply.hidden_at !== null || reply.comment_hidden_at !== null);
  if (!reply || (hidden && !canModerate(actor))) throw new AppError("not_found");
  await commentableKind(reply.commentable_type).findVisible(db, reply.commentable_id, viewerOf(actor));
  return { type: "reply", id: reply.id, user_id: reply.user_id, hidden_at: reply.hidden_at };
}

/** The item if the signed-in actor may see it, else 404 (a visitor: 401). */
export async function findVisibleReportable(
  db: Db,
  actor: Actor,
  target: { type: ReportableType; id: number },
): Promise<ReportableItem> {
  if (!isSignedIn(actor)) throw new AppError("unauthenticated");
  if (target.type === "post") return visiblePost(db, actor, target.id);
  if (target.type === "comment") return visibleComment(db, actor, target.id);
  return visibleReply(db, actor, target.id);
}
