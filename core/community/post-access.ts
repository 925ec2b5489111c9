// Finding a post for a reader: it exists, is not hidden from this actor (policies.canSeePost) and lies in a topic
// the actor may read (./topics.ts: 401 for a visitor on a restricted topic, 403 for a student without its key).
// What the actor may not see answers 404, as if it did not exist.
import type { Db } from "#platform/db/connection.ts";
import type { DiscussionViewer } from "#core/discussion/rights.ts";
import { type Actor, isAdmin, type SignedInActor } from "../shared/actor.ts";
import { AppError, isAppError } from "../errors.ts";
import { canSeePost } from "./policies.ts";
import { type PostRow, postQuery } from "./present.ts";
import { requireReadableTopic, type TopicAccess } from "./topics.ts";

export type VisiblePost = { post: PostRow; access: Extract<TopicAccess, { state: "open" }> };

export async function requireVisiblePost(db: Db, actor: Actor, postId: number): Promise<VisiblePost> {
  const post = Number.isSafeInteger(postId)
    ? await postQuery(db).where("p.id", "=", postId).executeTakeFirst()
    : undefined;
  if (!post || !canSeePost(actor, post)) throw new AppError("not_found");
  let access: VisiblePost["access"];
  try {
    access = await requireReadableTopic(db, actor, post.topic_id);
  } catch (error) {
    // A post of a topic the reader may not open answers as a missing one (its page explains the topic instead).
    if (isAppError(error) && error.code === "forbidden") throw new AppError("not_found");
    throw error;
  }
  return { post, access };
}

/** The refusal of what an actor may not do to a post they can see: another user's post is a 404 (IDOR). */
export function postRefusal(actor: SignedInActor, post: { user_id: number }): "not_found" | "forbidden" {
  return actor.userId === post.user_id ? "forbidden" : "not_found";
}

/** The discussion's view of an actor (comments on posts go through core/discussion). */
export function discussionViewerOf(actor: SignedInActor): DiscussionViewer {
  return { id: actor.userId, role: isAdmin(actor) ? "admin" : "student" };
}

/** The topic of a post, when the post exists and the actor may see it (for the page that explains a locked topic). */
export async function topicIdOfPost(db: Db, actor: Actor, postId: number): Promise<number | null> {
  if (!Number.isSafeInteger(postId)) return null;
  const row = await db
    .selectFrom("community_posts")
    .select(["topic_id", "user_id", "hidden_at"])
    .where("id", "=", postId)
    .executeTakeFirst();
  return row && canSeePost(actor, row) ? row.topic_id : null;
}
