// POST /comments (spec §3, §5, §7): a logged-in user comments on something they may see (a lecture they may watch;
// later a community post). A video may be attached only where the kind accepts one (community posts), so a lecture
// comment with file 1 is a 422.
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { assertMayWrite } from "../moderation/posting-pause.ts";
import { actorOf } from "../shared/actor.ts";
import { requireViewer, requireVisibleCommentable } from "./commentable.ts";
import { commentableKind } from "./commentable-kinds.ts";
import { type CommentView, selectComment } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";
import { createCommentSchema } from "./schemas.ts";

export async function createComment(
  db: Db,
  options: { viewer: DiscussionViewer | null; input: unknown },
): Promise<{ comment: CommentView }> {
  const viewer = requireViewer(options.viewer);
  await assertMayWrite(db, actorOf(viewer));
  const input = parseInput(createCommentSchema, options.input);
  const commentable = await requireVisibleCommentable(db, { type: input.type, id: input.id }, viewer);
  if (input.file === 1 && !commentableKind(commentable.type).acceptsVideo)
    throw fieldError("file", "discussion:video_posts_only");
  const now = nowIso();
  const { id } = await db
    .insertInto("comments")
    .values({
      commentable_type: commentable.type,
      commentable_id: commentable.id,
      user_id: viewer.id,
      body: input.body,
      by_admin: toFlag(viewer.role === "admin"),
      video_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { comment: await selectComment(db, viewer, id) };
}
