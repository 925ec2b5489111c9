// Per-topic e-mail notifications (issue 14, item 7). Each user chooses, per community topic, how much mail it sends
// (community_topic_subscriptions: muted, new posts, every post and comment, a daily digest; no row: only comments on
// their own posts). What happened is written per recipient into community_notifications, and a job per user and
// period (or per day, for the digest) sends one mail listing everything not yet sent.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("community_topic_subscriptions")
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("topic_id", "integer", (c) => references("community_topics")(c.notNull()))
    .addColumn("level", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("community_topic_subscriptions_pk", ["user_id", "topic_id"])
    .execute();
  // The fan-out reads a topic's subscribers by level.
  await db.schema
    .createIndex("community_topic_subscriptions_topic")
    .on("community_topic_subscriptions")
    .columns(["topic_id", "level"])
    .execute();

  await withId(db.schema.createTable("community_notifications"), dialect)
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("topic_id", "integer", (c) => references("community_topics")(c.notNull()))
    .addColumn("post_id", "integer", (c) => references("community_posts")(c.notNull()))
    .addColumn("comment_id", "integer", (c) => references("comments")(c))
    // 'post:<id>' or 'comment:<id>': a fan-out run twice (jobs run at least once) writes each recipient once
    .addColumn("event", "text", (c) => c.notNull())
    // 'subscription' (the topic's level) or 'author' (a comment on the recipient's own post)
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("digest", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("community_notifications_event")
    .on("community_notifications")
    .columns(["user_id", "event"])
    .unique()
    .execute();
  await db.schema
    .createIndex("community_notifications_unsent")
    .on("community_notifications")
    .columns(["user_id", "digest", "id"])
    .where(sql.ref("sent_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("community_notifications").execute();
  await db.schema.dropTable("community_topic_subscriptions").execute();
}
