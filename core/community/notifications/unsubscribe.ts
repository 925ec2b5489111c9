// The unsubscribe link of a topic mail: /community/unsubscribe/{token}. The page (GET) shows the topics and a
// button; the POST (the button, or a mail client's RFC 8058 one-click POST with List-Unsubscribe=One-Click) mutes
// them. No login and no CSRF token: the signed token is the authority, and it can do nothing but mute these topics
// for this user. A forged or altered token is a 404.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../../errors.ts";
import { writeTopicLevels } from "./topic-levels.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

export type UnsubscribeView = { topics: { id: number; title: string; muted: boolean }[] };

async function topicsOf(db: Db, secret: Buffer, token: string) {
  const claim = readUnsubscribeToken(secret, token);
  if (!claim) throw new AppError("not_found");
  const user = await db.selectFrom("users").select("id").where("id", "=", claim.userId).executeTakeFirst();
  if (!user) throw new AppError("not_found");
  const topics = await db
    .selectFrom("community_topics as t")
    .leftJoin("community_topic_subscriptions as s", (join) =>
      join.onRef("s.topic_id", "=", "t.id").on("s.user_id", "=", user.id),
    )
    .select(["t.id", "t.title", "s.level"])
    .where("t.id", "in", claim.topicIds)
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
  return { userId: user.id, topics };
}

/** What the link's page shows (404 for a bad token). */
export async function findUnsubscribe(db: Db, secret: Buffer, token: string): Promise<UnsubscribeView> {
  const { topics } = await topicsOf(db, secret, token);
  return { topics: topics.map((t) => ({ id: t.id, title: t.title, muted: t.level === "muted" })) };
}

/** Mutes the link's topics (topics deleted since are skipped). */
export async function unsubscribe(db: Db, secret: Buffer, token: string): Promise<UnsubscribeView> {
  const { userId, topics } = await topicsOf(db, secret, token);
  if (topics.length > 0) {
    await writeTopicLevels(
      db,
      userId,
      topics.map((t) => ({ topicId: t.id, level: "muted" as const })),
    );
  }
  return { topics: topics.map((t) => ({ id: t.id, title: t.title, muted: true })) };
}
