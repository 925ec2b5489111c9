// A user's mail level per community topic (issue 14, item 7; spec §3 user state email_notification.community_topics,
// §7 POST /json/email-notification). Only for topics the user may read (an unreadable or unknown topic is a 404,
// as anything not theirs); visitors are asked to log in (401).
//
// The user state's email_notification.community_topics (the ids of the topics that send mail) is kept in
// users.email_notifications beside the other preferences, rewritten in the transaction that changes a level, so
// that every place that renders the user state (core/accounts/public-user.ts) reads it without a query.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { readNotifications } from "#core/accounts/notifications.ts";
import type { NotificationPreferences } from "#core/accounts/schemas.ts";
import { AppError } from "../../errors.ts";
import { type Actor, isAdmin, requireSignedIn } from "../../shared/actor.ts";
import { parseInput } from "../../validation.ts";
import { canReadTopic } from "../policies.ts";
import { holdsTopicKey, topicIdsWithKey } from "../topic-access.ts";
import type { OpenTopicAccess } from "../topics.ts";
import { levelAfterTurningOn } from "./rules.ts";
import { emailNotificationSchema, type TopicNotificationLevel, topicLevelSchema } from "./schemas.ts";

export type TopicLevelAnswer = {
  community_topic: { id: number; level: TopicNotificationLevel | null };
  email_notification: NotificationPreferences;
};

/** The topic, when this actor may read it; otherwise 401 (visitor) or 404. */
async function readableTopic(db: Db, actor: Actor, topicId: number) {
  const signedIn = requireSignedIn(actor);
  const topic = await db
    .selectFrom("community_topics")
    .select(["id", "visibility", "allow_students_to_add_posts"])
    .where("id", "=", topicId)
    .executeTakeFirst();
  if (!topic) throw new AppError("not_found");
  const holdsKey =
    topic.visibility === "restricted" && !isAdmin(actor) ? await holdsTopicKey(db, signedIn.userId, topic.id) : false;
  if (!canReadTopic(actor, topic, holdsKey)) throw new AppError("not_found");
  return { topic, userId: signedIn.userId };
}

async function levelOf(db: Db, userId: number, topicId: number): Promise<TopicNotificationLevel | null> {
  const row = await db
    .selectFrom("community_topic_subscriptions")
    .select("level")
    .where("user_id", "=", userId)
    .where("topic_id", "=", topicId)
    .executeTakeFirst();
  return row?.level ?? null;
}

/**
 * Stores levels and rewrites the user state's community_topics from the table, in one transaction. Also used by
 * the unsubscribe link (no actor: the signed token names the user).
 */
export async function writeTopicLevels(
  db: Db,
  userId: number,
  levels: { topicId: number; level: TopicNotificationLevel }[],
): Promise<NotificationPreferences> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    for (const { topicId, level } of levels) {
      await trx
        .insertInto("community_topic_subscriptions")
        .values({ user_id: userId, topic_id: topicId, level, updated_at: now })
        .onConflict((oc) => oc.columns(["user_id", "topic_id"]).doUpdateSet({ level, updated_at: now }))
        .execute();
    }
    const on = await trx
      .selectFrom("community_topic_subscriptions")
      .select("topic_id")
      .where("user_id", "=", userId)
      .where("level", "!=", "muted")
      .orderBy("topic_id")
      .execute();
    const user = await trx
      .selectFrom("users")
      .select("email_notifications")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const next = { ...readNotifications(user), community_topics: on.map((row) => row.topic_id) };
    await trx
      .updateTable("users")
      .set({ email_notifications: JSON.stringify(next), updated_at: now })
      .where("id", "=", userId)
      .execute();
    return next;
  });
}

/** The actor's level for a topic they may read (null: never chosen, so only comments on their own posts). */
export async function getTopicLevel(db: Db, actor: Actor, topicId: number): Promise<TopicNotificationLevel | null> {
  const { userId } = await readableTopic(db, actor, topicId);
  return levelOf(db, userId, topicId);
}

/** The reader's level in a topic the caller has already found readable (the topic page checks it once). */
export async function readerTopicLevel(
  db: Db,
  actor: Actor,
  access: OpenTopicAccess,
): Promise<TopicNotificationLevel | null> {
  return levelOf(db, requireSignedIn(actor).userId, access.topic.id);
}

/** The topic feed's dropdown: sets one of the levels. */
export async function setTopicLevel(
  db: Db,
  actor: Actor,
  options: { topicId: number; input: unknown },
): Promise<TopicLevelAnswer> {
  const { userId, topic } = await readableTopic(db, actor, options.topicId);
  const { level } = parseInput(topicLevelSchema, options.input);
  const email_notification = await writeTopicLevels(db, userId, [{ topicId: topic.id, level }]);
  return { community_topic: { id: topic.id, level }, email_notification };
}

/**
 * POST /json/email-notification {topic, action}: action true turns the topic's mail on ('posts', unless a level
 * that mails more is set), false mutes it.
 */
export async function switchTopicEmails(db: Db, actor: Actor, input: unknown): Promise<TopicLevelAnswer> {
  requireSignedIn(actor);
  const data = parseInput(emailNotificationSchema, input);
  const { userId, topic } = await readableTopic(db, actor, data.topic);
  const current = await levelOf(db, userId, topic.id);
  const level: TopicNotificationLevel = data.action ? levelAfterTurningOn(current) : "muted";
  const email_notification =
    level === current
      ? readNotifications(
          await db.selectFrom("users").select("email_notifications").where("id", "=", userId).executeTakeFirstOrThrow(),
        )
      : await writeTopicLevels(db, userId, [{ topicId: topic.id, level }]);
  return { community_topic: { id: topic.id, level }, email_notification };
}

/** The account settings' list: the topics the actor chose a level for and may still read, in the admin's order. */
export async function listTopicLevels(
  db: Db,
  actor: Actor,
): Promise<{ id: number; title: string; level: TopicNotificationLevel }[]> {
  const { userId } = requireSignedIn(actor);
  const rows = await db
    .selectFrom("community_topic_subscriptions as s")
    .innerJoin("community_topics as t", "t.id", "s.topic_id")
    .select(["t.id", "t.title", "t.visibility", "t.allow_students_to_add_posts", "s.level"])
    .where("s.user_id", "=", userId)
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
  if (rows.length === 0) return [];
  const keys = isAdmin(actor) ? new Set<number>() : await topicIdsWithKey(db, userId);
  return rows
    .filter((row) => canReadTopic(actor, row, keys.has(row.id)))
    .map((row) => ({ id: row.id, title: row.title, level: row.level }));
}
