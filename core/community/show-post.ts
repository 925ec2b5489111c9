// A post's page and POST /json/community/posts/{id} reads (spec §2 "Community post detail"): the §3 Post with the
// first page of its comments for those who may take part (signed-in readers); a visitor of a public topic reads
// the post and is asked to log in for the comments.
import type { Db } from "#platform/db/connection.ts";
import { viewerCommentPage } from "#core/discussion/discussion-cache.ts";
import { COMMENTS_PAGE } from "#core/discussion/schemas.ts";
import { type Actor, isSignedIn } from "../shared/actor.ts";
import { canDeletePost, canEditPost, canPinPost } from "./policies.ts";
import { discussionViewerOf, requireVisiblePost } from "./post-access.ts";
import { type PostView, presentPosts } from "./present.ts";

export type ShownPost = {
  post: PostView;
  more_comments: boolean;
  rights: { edit: boolean; delete: boolean; pin: boolean; comment: boolean };
};

export async function showPost(db: Db, actor: Actor, postId: number): Promise<ShownPost> {
  const { post: row, access } = await requireVisiblePost(db, actor, postId);
  const [post] = await presentPosts(db, actor, [row]);
  let more = false;
  if (isSignedIn(actor) && access.canTakePart) {
    const page = await viewerCommentPage(db, discussionViewerOf(actor), {
      type: "post",
      id: row.id,
      length: COMMENTS_PAGE,
    });
    post!.comments = page.comments;
    more = page.more;
  }
  return {
    post: post!,
    more_comments: more,
    rights: {
      edit: canEditPost(actor, row),
      delete: canDeletePost(actor, row),
      pin: canPinPost(actor),
      comment: access.canTakePart,
    },
  };
}
