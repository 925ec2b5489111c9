// Pinning a post to the top of its topic's feed, and unpinning it (admins: policies.canPinPost). A pinned post
// comes first in its topic's feed, the latest pinned first (./feed.ts).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canPinPost } from "./policies.ts";
import { requireVisiblePost } from "./post-access.ts";

export async function setPostPinned(
  db: Db,
  actor: Actor,
  postId: number,
  pinned: boolean,
): Promise<{ pinned: boolean }> {
  authorize(actor, canPinPost(actor));
  const { post } = await requireVisiblePost(db, actor, postId);
  await db
    .updateTable("community_posts")
    .set({ pinned_at: pinned ? nowIso() : null })
    .where("id", "=", post.id)
    .execute();
  return { pinned };
}
