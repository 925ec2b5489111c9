// The admin's actions on a reported (or any) item, issue 14 item 8: hide it (shown to admins only, marked), unhide
// it, delete it, or dismiss its reports. Hiding, deleting and dismissing resolve the item's open reports with what
// was done, by whom and when. Deleting goes the existing ways: a comment or a reply through the discussion's delete
// use-cases (replies, votes and images go with it); a post here, with its comments as the discussion expects.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import type { ReportableType, ReportResolution } from "#platform/db/schema.ts";
import type { Storage } from "#core/ports/storage.ts";
import { deleteComment } from "../discussion/delete-comment.ts";
import { deleteReply } from "../discussion/delete-reply.ts";
import { commentableKind } from "../discussion/commentable-kinds.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canModerate } from "./policies.ts";
import { itemSchema } from "./schemas.ts";

type Item = { type: ReportableType; id: number };

const tableOf = { post: "community_posts", comment: "comments", reply: "replies" } as const;

/** Resolves the open reports of these items; how many there were. */
async function resolveReports(
  db: Db,
  items: Item[],
  resolution: ReportResolution,
  by: number,
  now: string,
): Promise<number> {
  let resolved = 0;
  for (const type of ["post", "comment", "reply"] as const) {
    const ids = items.filter((item) => item.type === type).map((item) => item.id);
    if (ids.length === 0) continue;
    const result = await db
      .updateTable("reports")
      .set({ resolved_at: now, resolved_by: by, resolution })
      .where("reportable_type", "=", type)
      .where("reportable_id", "in", ids)
      .where("resolved_at", "is", null)
      .executeTakeFirst();
    resolved += Number(result.numUpdatedRows);
  }
  return resolved;
}

/**
 * Hides (hiddenAt) or shows (null) an item; whether it exists. A comment that changes state moves its commentable's
 * own count (a post's comments_count counts what its readers see) in the same transaction.
 */
async function setHidden(db: Db, item: Item, hiddenAt: string | null): Promise<boolean> {
  if (item.type !== "comment") {
    const table = tableOf[item.type];
    const result = await db
      .updateTable(table)
      .set({ hidden_at: hiddenAt })
      .where("id", "=", item.id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  return inTransaction(db, async (trx) => {
    const comment = await trx
      .selectFrom("comments")
      .select(["commentable_type", "commentable_id"])
      .where("id", "=", item.id)
      .executeTakeFirst();
    if (!comment) return false;
    const changed = await trx
      .updateTable("comments")
      .set({ hidden_at: hiddenAt })
      .where("id", "=", item.id)
      .where("hidden_at", hiddenAt === null ? "is not" : "is", null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) {
      await commentableKind(comment.commentable_type).countComments?.(trx, comment.commentable_id, hiddenAt ? -1 : 1);
    }
    return true;
  });
}

/** POST /home/moderation/hide {type, id}: hidden from everyone but the admins; its open reports resolved. */
export async function hideItem(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ item: Item; resolved: number }> {
  const admin = authorizeUser(actor, canModerate(actor));
  const item = parseInput(itemSchema, input);
  const current = await db
    .selectFrom(tableOf[item.type])
    .select("hidden_at")
    .where("id", "=", item.id)
    .executeTakeFirst();
  if (!current) throw new AppError("not_found");
  // Hidden once: hiding again keeps the first time.
  if (current.hidden_at === null) await setHidden(db, item, now);
  return { item, resolved: await resolveReports(db, [item], "hidden", admin.userId, now) };
}

/** POST /home/moderation/unhide {type, id}: shown again to everyone who may see it. */
export async function unhideItem(db: Db, actor: Actor, input: unknown): Promise<{ item: Item }> {
  authorizeUser(actor, canModerate(actor));
  const item = parseInput(itemSchema, input);
  if (!(await setHidden(db, item, null))) throw new AppError("not_found");
  return { item };
}

/** POST /home/moderation/dismiss {type, id}: the reports were wrong; the item stays as it is. */
export async function dismissReports(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ item: Item; resolved: number }> {
  const admin = authorizeUser(actor, canModerate(actor));
  const item = parseInput(itemSchema, input);
  const resolved = await resolveReports(db, [item], "dismissed", admin.userId, now);
  if (resolved === 0) throw new AppError("not_found");
  return { item, resolved };
}

/** The comments on a post with their replies, as items whose reports go with the post. */
async function itemsUnderPost(db: Db, postId: number): Promise<{ comments: number[]; replies: Item[] }> {
  const comments = await db
    .selectFrom("comments")
    .select("id")
    .where("commentable_type", "=", "post")
    .where("commentable_id", "=", postId)
    .execute();
  const commentIds = comments.map((c) => c.id);
  const replies = commentIds.length
    ? await db.selectFrom("replies").select("id").where("comment_id", "in", commentIds).execute()
    : [];
  return { comments: commentIds, replies: replies.map((r) => ({ type: "reply", id: r.id })) };
}

/** A post with its comments, their replies, every vote on them, and the images' files (after the commit). */
async function deletePost(deps: { db: Db; storage: Storage }, postId: number): Promise<void> {
  const keys = await deps.db.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom("community_posts")
      .select(["id", "image"])
      .where("id", "=", postId)
      .executeTakeFirst();
    if (!post) throw new AppError("not_found");
    const comments = await trx
      .selectFrom("comments")
      .select("id")
      .where("commentable_type", "=", "post")
      .where("commentable_id", "=", postId)
      .execute();
    const commentIds = comments.map((c) => c.id);
    const replies = commentIds.length
      ? await trx.selectFrom("replies").select(["id", "image"]).where("comment_id", "in", commentIds).execute()
      : [];
    const replyIds = replies.map((r) => r.id);
    if (replyIds.length) {
      await trx.deleteFrom("votes").where("votable_type", "=", "reply").where("votable_id", "in", replyIds).execute();
      await trx.deleteFrom("replies").where("id", "in", replyIds).execute();
    }
    if (commentIds.length) {
      await trx
        .deleteFrom("votes")
        .where("votable_type", "=", "comment")
        .where("votable_id", "in", commentIds)
        .execute();
      await trx.deleteFrom("comments").where("id", "in", commentIds).execute();
    }
    await trx.deleteFrom("votes").where("votable_type", "=", "post").where("votable_id", "=", postId).execute();
    await trx.deleteFrom("community_posts").where("id", "=", postId).execute();
    const files = [post.image, ...replies.map((r) => r.image)].filter((key): key is string => key !== null);
    if (files.length) await trx.deleteFrom("uploads").where("storage_key", "in", files).execute();
    return files;
  });
  // Files after the commit: a failed removal leaves an unused file, never a post without its image.
  for (const key of keys) await deps.storage.delete(key).catch(() => {});
}

/**
 * POST /home/moderation/delete {type, id}: the item goes (with what hangs under it); its open reports, and those
 * of what went with it, are resolved as deleted.
 */
export async function deleteItem(
  deps: { db: Db; storage: Storage },
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ item: Item; resolved: number }> {
  const admin = authorizeUser(actor, canModerate(actor));
  const item = parseInput(itemSchema, input);
  const viewer = { id: admin.userId, role: "admin" as const };
  const gone: Item[] = [item];
  if (item.type === "post") {
    const under = await itemsUnderPost(deps.db, item.id);
    gone.push(...under.comments.map((id) => ({ type: "comment" as const, id })), ...under.replies);
    await deletePost(deps, item.id);
  } else if (item.type === "comment") {
    const replies = await deps.db.selectFrom("replies").select("id").where("comment_id", "=", item.id).execute();
    gone.push(...replies.map((r) => ({ type: "reply" as const, id: r.id })));
    await deleteComment(deps, { viewer, commentId: item.id });
  } else {
    await deleteReply(deps, { viewer, replyId: item.id });
  }
  return { item, resolved: await resolveReports(deps.db, gone, "deleted", admin.userId, now) };
}
