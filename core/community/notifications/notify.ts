// The calls the community's use-cases make after writing a post or a comment on a post (in their transaction: the
// job table is the outbox). They only queue the fan-out job, so they return at once; the unique key makes a second
// call for the same post or comment a no-op.
import type { Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { notifyCommentJob, notifyPostJob } from "./jobs.ts";

export async function notifyNewPost(db: Db, postId: number): Promise<void> {
  await enqueue(db, notifyPostJob, { post_id: postId }, { key: `community.notify_post:${postId}` });
}

/** For any comment: one on something other than a community post is ignored by the fan-out. */
export async function notifyNewComment(db: Db, commentId: number): Promise<void> {
  await enqueue(db, notifyCommentJob, { comment_id: commentId }, { key: `community.notify_comment:${commentId}` });
}
