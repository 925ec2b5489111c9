// The feeds (spec §2 "Community topic feed", §7 POST /json/community[/topics/{id}] and POST {next_page_url}):
// posts newest first, a page at a time by keyset on id, so a page costs the same however many posts there are
// (the (topic_id, id) index). A topic's first page starts with its pinned posts, latest pinned first; the pages
// after it hold the unpinned ones. The feed of all topics reads the topics the actor may read
// (topic_id in (...), id below the cursor, by id descending) and pins nothing. Hidden posts are left out for
// everyone but the admins (policies.canSeePost).
import type { Db } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { type Actor, isAdmin } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canSeePost } from "./policies.ts";
import { type PostRow, type PostView, postQuery, presentPosts } from "./present.ts";
import { FEED_PAGE, feedCursorSchema } from "./schemas.ts";
import { listReadableTopics, type OpenTopicAccess, requireReadableTopic, type TopicView, topicView } from "./topics.ts";

export type FeedPage = { data: PostView[]; next_page_url: string | null };
export type FeedAnswer = { community_topic: TopicView | null; community_posts: FeedPage };

/** A keyset page: the first `limit` rows, and the cursor of the next page when one more row was read. */
export function keysetPage<T extends { id: number }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextBefore: number | null } {
  if (rows.length <= limit) return { rows, nextBefore: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextBefore: page[page.length - 1]!.id };
}

/** Where the next page of a feed is asked for (§7 POST {next_page_url}). */
export function nextPageUrl(topicId: number | null, before: number | null): string | null {
  if (before === null) return null;
  return topicId === null ? `/json/community?before=${before}` : `/json/community/topics/${topicId}?before=${before}`;
}

// A topic's feed runs on every topic page: its queries are compiled once (platform/db/prepared.ts), for the
// admins (who see hidden posts) and for everyone else.
const MAX_ID = 2_147_483_647;

function pinnedOf(admin: boolean) {
  return prepared((db, p: { topicId: number }) =>
    postQuery(db)
      .where("p.topic_id", "=", p.topicId)
      .where("p.pinned_at", "is not", null)
      .$if(!admin, (q) => q.where("p.hidden_at", "is", null))
      .orderBy("p.pinned_at", "desc")
      .orderBy("p.id", "desc"),
  );
}

function unpinnedOf(admin: boolean) {
  return prepared((db, p: { topicId: number; atMost: number; take: number }) =>
    postQuery(db)
      .where("p.topic_id", "=", p.topicId)
      .where("p.id", "<=", p.atMost)
      .where("p.pinned_at", "is", null)
      .$if(!admin, (q) => q.where("p.hidden_at", "is", null))
      .orderBy("p.id", "desc")
      .limit(p.take),
  );
}

const pinnedPosts = { admin: pinnedOf(true), reader: pinnedOf(false) };
const unpinnedPosts = { admin: unpinnedOf(true), reader: unpinnedOf(false) };

function visibleTo(actor: Actor, rows: PostRow[]): PostRow[] {
  return rows.filter((row) => canSeePost(actor, row));
}

/** One topic's feed: 404 unknown, 401 a visitor on a restricted topic, 403 a student without its key. */
export async function topicFeed(
  db: Db,
  actor: Actor,
  topicId: number,
  input: unknown = {},
  limit = FEED_PAGE,
): Promise<FeedAnswer & { canPost: boolean; canTakePart: boolean }> {
  return openTopicFeed(db, actor, await requireReadableTopic(db, actor, topicId), input, limit);
}

/** The feed of a topic whose access the caller has resolved already (the topic page resolves it once). */
export async function openTopicFeed(
  db: Db,
  actor: Actor,
  access: OpenTopicAccess,
  input: unknown = {},
  limit = FEED_PAGE,
): Promise<FeedAnswer & { canPost: boolean; canTakePart: boolean }> {
  const { before } = parseInput(feedCursorSchema, input ?? {});
  const { topic, canPost, canTakePart } = access;
  const who = isAdmin(actor) ? "admin" : "reader";
  const pinned = before ? [] : await pinnedPosts[who](db, { topicId: topic.id });
  // The first page reads below the largest id there can be (int4), so both pages share one compiled query.
  const below = before ?? MAX_ID + 1;
  const rows = await unpinnedPosts[who](db, { topicId: topic.id, atMost: below - 1, take: limit + 1 });
  const page = keysetPage(rows, limit);
  return {
    community_topic: topicView(topic),
    community_posts: {
      data: await presentPosts(db, actor, visibleTo(actor, [...pinned, ...page.rows])),
      next_page_url: nextPageUrl(topic.id, page.nextBefore),
    },
    canPost,
    canTakePart,
  };
}

/** The feed of every topic the actor may read, newest first (nothing pinned here). */
export async function allTopicsFeed(
  db: Db,
  actor: Actor,
  input: unknown = {},
  limit = FEED_PAGE,
): Promise<FeedAnswer & { community_topics: TopicView[] }> {
  const { before } = parseInput(feedCursorSchema, input ?? {});
  const topics = await listReadableTopics(db, actor);
  const ids = topics.map((topic) => topic.id);
  const rows = ids.length
    ? await postQuery(db)
        .where("p.topic_id", "in", ids)
        .$if(before !== undefined, (q) => q.where("p.id", "<", before!))
        .$if(!isAdmin(actor), (q) => q.where("p.hidden_at", "is", null))
        .orderBy("p.id", "desc")
        .limit(limit + 1)
        .execute()
    : [];
  const page = keysetPage(rows, limit);
  return {
    community_topic: null,
    community_topics: topics.map(topicView),
    community_posts: {
      data: await presentPosts(db, actor, visibleTo(actor, page.rows)),
      next_page_url: nextPageUrl(null, page.nextBefore),
    },
  };
}
