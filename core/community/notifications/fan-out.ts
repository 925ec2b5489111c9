// Who hears of a new post or comment (issue 14, item 7), run as a job after the post or comment is written:
// - a new post: the topic's subscribers at 'posts', 'all' or 'digest';
// - a new comment on a post: the topic's subscribers at 'all' or 'digest', and the post's author (authors follow
//   their own posts) unless they muted the topic or turned off "replies to my comments and posts";
// never the author of the post or comment itself, only users who may read the topic now, and not users seen in the
// app within SEEN_RECENTLY_MS (rules.ts). Each recipient gets a row in community_notifications and a queued mail
// job for the current period (or day), keyed so that a burst makes one job per user.
import { readNotifications } from "#core/accounts/notifications.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Role } from "#platform/db/schema.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { actorOf } from "../../shared/actor.ts";
import { canReadTopic, type TopicForRights } from "../policies.ts";
import { topicIdsWithKey } from "../topic-access.ts";
import { topicMailJob } from "./jobs.ts";
import {
  BATCH_PERIOD_MS,
  COMMENT_LEVELS,
  DIGEST_PERIOD_MS,
  periodEnd,
  POST_LEVELS,
  SEEN_RECENTLY_MS,
} from "./rules.ts";

type Candidate = { userId: number; digest: boolean; reason: "subscription" | "author" };

type Topic = TopicForRights & { id: number };

const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Whether this user may read this topic now (the policy, with the user's keys for a restricted topic). */
export async function userMayReadTopic(db: Db, user: { id: number; role: Role }, topic: Topic): Promise<boolean> {
  const actor = actorOf(user);
  const holdsKey =
    topic.visibility === "restricted" && user.role !== "admin"
      ? (await topicIdsWithKey(db, user.id, nowIso())).has(topic.id)
      : false;
  return canReadTopic(actor, topic, holdsKey);
}

async function postWithTopic(db: Db, postId: number) {
  return db
    .selectFrom("community_posts as p")
    .innerJoin("community_topics as t", "t.id", "p.topic_id")
    .select(["p.id", "p.user_id", "p.hidden_at", "t.id as topic_id", "t.visibility", "t.allow_students_to_add_posts"])
    .where("p.id", "=", postId)
    .executeTakeFirst();
}

async function subscribers(db: Db, topicId: number, levels: readonly string[], exceptUserId: number) {
  const rows = await db
    .selectFrom("community_topic_subscriptions")
    .select(["user_id", "level"])
    .where("topic_id", "=", topicId)
    .where("level", "in", levels as never[])
    .where("user_id", "!=", exceptUserId)
    .execute();
  return rows.map((row): Candidate => ({
    userId: row.user_id,
    digest: row.level === "digest",
    reason: "subscription",
  }));
}

/** Keeps the candidates who may read the topic and were not seen in the app lately. */
async function eligible(db: Db, topic: Topic, candidates: Candidate[], nowMs: number): Promise<Candidate[]> {
  const kept: Candidate[] = [];
  const seenSince = new Date(nowMs - SEEN_RECENTLY_MS).toISOString();
  const now = new Date(nowMs).toISOString();
  for (const batch of chunks(candidates)) {
    const ids = batch.map((c) => c.userId);
    const users = new Map(
      (await db.selectFrom("users").select(["id", "role"]).where("id", "in", ids).execute()).map((u) => [u.id, u]),
    );
    const seen = new Set(
      (
        await db
          .selectFrom("sessions")
          .select("user_id")
          .where("user_id", "in", ids)
          .where("last_seen_at", ">", seenSince)
          .where("expires_at", ">", now)
          .execute()
      ).map((row) => row.user_id),
    );
    for (const candidate of batch) {
      const user = users.get(candidate.userId);
      if (!user || seen.has(user.id)) continue;
      if (await userMayReadTopic(db, user, topic)) kept.push(candidate);
    }
  }
  return kept;
}

async function record(
  db: Db,
  topic: Topic,
  event: { postId: number; commentId: number | null },
  recipients: Candidate[],
  nowMs: number,
): Promise<void> {
  const name = event.commentId === null ? `post:${event.postId}` : `comment:${event.commentId}`;
  const createdAt = new Date(nowMs).toISOString();
  for (const batch of chunks(recipients)) {
    await db
      .insertInto("community_notifications")
      .values(
        batch.map((r) => ({
          user_id: r.userId,
          topic_id: topic.id,
          post_id: event.postId,
          comment_id: event.commentId,
          event: name,
          reason: r.reason,
          digest: r.digest ? 1 : 0,
          created_at: createdAt,
          sent_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(["user_id", "event"]).doNothing())
      .execute();
  }
  // The key names the user and the period: every event of the period lands in the same (one) job, which runs
  // when the period ends. Worked out after the rows are written, so the job found runs after them.
  const queuedAt = Date.now();
  for (const r of recipients) {
    const period = r.digest ? DIGEST_PERIOD_MS : BATCH_PERIOD_MS;
    const runAt = periodEnd(queuedAt, period);
    const kind = r.digest ? "digest" : "batch";
    await enqueue(
      db,
      topicMailJob,
      { user_id: r.userId, digest: r.digest },
      {
        key: `community.topic_mail:${kind}:${r.userId}:${new Date(runAt).toISOString()}`,
        runAt: new Date(runAt).toISOString(),
      },
    );
  }
}

export async function fanOutPost(db: Db, postId: number): Promise<void> {
  const post = await postWithTopic(db, postId);
  if (!post || post.hidden_at !== null) return;
  const topic: Topic = {
    id: post.topic_id,
    visibility: post.visibility,
    allow_students_to_add_posts: post.allow_students_to_add_posts,
  };
  const nowMs = Date.now();
  const candidates = await subscribers(db, topic.id, POST_LEVELS, post.user_id);
  await record(db, topic, { postId: post.id, commentId: null }, await eligible(db, topic, candidates, nowMs), nowMs);
}

export async function fanOutComment(db: Db, commentId: number): Promise<void> {
  const comment = await db
    .selectFrom("comments")
    .select(["id", "user_id", "commentable_type", "commentable_id"])
    .where("id", "=", commentId)
    .executeTakeFirst();
  if (!comment || comment.commentable_type !== "post") return;
  const post = await postWithTopic(db, comment.commentable_id);
  if (!post || post.hidden_at !== null) return;
  const topic: Topic = {
    id: post.topic_id,
    visibility: post.visibility,
    allow_students_to_add_posts: post.allow_students_to_add_posts,
  };
  const nowMs = Date.now();
  const candidates = await subscribers(db, topic.id, COMMENT_LEVELS, comment.user_id);
  if (post.user_id !== comment.user_id && !candidates.some((c) => c.userId === post.user_id)) {
    const author = await db
      .selectFrom("users")
      .leftJoin("community_topic_subscriptions as s", (join) =>
        join.onRef("s.user_id", "=", "users.id").on("s.topic_id", "=", topic.id),
      )
      .select(["users.email_notifications", "s.level"])
      .where("users.id", "=", post.user_id)
      .executeTakeFirst();
    if (author && author.level !== "muted" && readNotifications(author).community_replies) {
      candidates.push({ userId: post.user_id, digest: author.level === "digest", reason: "author" });
    }
  }
  await record(
    db,
    topic,
    { postId: post.id, commentId: comment.id },
    await eligible(db, topic, candidates, nowMs),
    nowMs,
  );
}
