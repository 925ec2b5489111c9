// The community's JSON shape (spec §3 Post): id, title, body, image (URL), video (embed url), bunny_id and
// bunny_status (from the hosted video when there is one, else null), student_id (only when a student wrote it),
// student {name} (the author's name), community_topic {id, title, description, allow_students_to_add_posts},
// created_at, comments_count, comments, type 'post'. As a votable item it also carries up_votes_count and votes
// (the viewer's own vote first); user_id, by_admin, pinned and hidden let the pages ask the policies.
import type { Db } from "#platform/db/connection.ts";
import type { CommentView, ViewerVote } from "#core/discussion/present.ts";
import { fileUrl, votesOf } from "#core/discussion/present.ts";
import { type Actor, userIdOf } from "../shared/actor.ts";
import { type TopicView, topicView } from "./topics.ts";

export { postPath, topicPath } from "./paths.ts";

export type PostView = {
  id: number;
  type: "post";
  title: string;
  body: string;
  /** where the browser loads the image from, or null */
  image: string | null;
  image_width: number | null;
  image_height: number | null;
  /** the player's embed URL, or null */
  video: string | null;
  bunny_id: string | null;
  bunny_status: number | null;
  /** the hosted video's id (for the player, as a comment's video_id), or null */
  video_id: number | null;
  student_id?: number;
  student: { name: string };
  user_id: number;
  by_admin: 0 | 1;
  community_topic: TopicView;
  created_at: string;
  updated_at: string;
  comments_count: number;
  comments: CommentView[];
  pinned: boolean;
  hidden: boolean;
  up_votes_count: number;
  votes: ViewerVote[];
};

/** The posts with their author, topic and hosted video; the caller adds its conditions and order. */
export function postQuery(db: Db) {
  return db
    .selectFrom("community_posts as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .innerJoin("community_topics as t", "t.id", "p.topic_id")
    .leftJoin("videos as v", "v.id", "p.video_id")
    .select([
      "p.id",
      "p.topic_id",
      "p.user_id",
      "p.by_admin",
      "p.title",
      "p.body",
      "p.image",
      "p.image_width",
      "p.image_height",
      "p.video_url",
      "p.video_id",
      "p.pinned_at",
      "p.hidden_at",
      "p.up_votes_count",
      "p.comments_count",
      "p.created_at",
      "p.updated_at",
      "u.name as user_name",
      "t.title as topic_title",
      "t.description as topic_description",
      "t.allow_students_to_add_posts as topic_allow_students_to_add_posts",
      "t.visibility as topic_visibility",
      "t.position as topic_position",
      "v.external_id as video_external_id",
      "v.status as video_status",
    ]);
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof postQuery>["execute"]>>[number];

export function toPostView(row: PostRow, vote: number | null | undefined): PostView {
  const byAdmin = row.by_admin ? 1 : 0;
  return {
    id: row.id,
    type: "post",
    title: row.title,
    body: row.body,
    image: row.image ? fileUrl(row.image) : null,
    image_width: row.image_width === null ? null : Number(row.image_width),
    image_height: row.image_height === null ? null : Number(row.image_height),
    video: row.video_url,
    bunny_id: row.video_id === null ? null : (row.video_external_id ?? null),
    bunny_status: row.video_id === null ? null : Number(row.video_status),
    video_id: row.video_id === null ? null : Number(row.video_id),
    ...(byAdmin ? {} : { student_id: row.user_id }),
    student: { name: row.user_name },
    user_id: row.user_id,
    by_admin: byAdmin,
    community_topic: topicView({
      id: row.topic_id,
      title: row.topic_title,
      description: row.topic_description,
      allow_students_to_add_posts: row.topic_allow_students_to_add_posts,
      visibility: row.topic_visibility,
      position: row.topic_position,
    }),
    created_at: row.created_at,
    updated_at: row.updated_at,
    comments_count: Number(row.comments_count),
    comments: [],
    pinned: row.pinned_at !== null,
    hidden: row.hidden_at !== null,
    up_votes_count: Number(row.up_votes_count),
    votes: votesOf(vote),
  };
}

/** The actor's own votes on these posts (a visitor has none). */
export async function postVotesOf(db: Db, actor: Actor, postIds: number[]): Promise<Map<number, number>> {
  const userId = userIdOf(actor);
  if (userId === null || postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("votes")
    .select(["votable_id", "value"])
    .where("votable_type", "=", "post")
    .where("votable_id", "in", postIds)
    .where("user_id", "=", userId)
    .execute();
  return new Map(rows.map((row) => [row.votable_id, Number(row.value)]));
}

/** Rows to §3 Posts with the actor's votes. */
export async function presentPosts(db: Db, actor: Actor, rows: PostRow[]): Promise<PostView[]> {
  const votes = await postVotesOf(
    db,
    actor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPostView(row, votes.get(row.id)));
}
