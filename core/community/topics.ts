// The topics a reader may open (spec §4 "Community posts: public or restricted", §6). Public topics are open to
// everyone; restricted ones to the admins and to signed-in holders of a key (./topic-access.ts). The topic pages
// and every post call start here: topicForReader says whether the actor may read one topic, and if not, why
// (a visitor is asked to log in; a student without a key is told which products open it).
import type { Db } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { type Actor, isAdmin, isSignedIn, userIdOf } from "../shared/actor.ts";
import { AppError } from "../errors.ts";
import { canPostInTopic, canReadTopic, canTakePartInTopic } from "./policies.ts";
import { holdsTopicKey, topicIdsWithKey } from "./topic-access.ts";

export type TopicRow = {
  id: number;
  title: string;
  description: string;
  allow_students_to_add_posts: number;
  visibility: "public" | "restricted";
  position: number;
};

/** §3's community_topic of a Post and of the feed's answer. */
export type TopicView = {
  id: number;
  title: string;
  description: string;
  allow_students_to_add_posts: 0 | 1;
  visibility: "public" | "restricted";
};

export function topicView(row: TopicRow): TopicView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    allow_students_to_add_posts: row.allow_students_to_add_posts ? 1 : 0,
    visibility: row.visibility,
  };
}

const topicColumns = ["id", "title", "description", "allow_students_to_add_posts", "visibility", "position"] as const;

/** Every topic the actor may read, in the admin's order. */
export async function listReadableTopics(db: Db, actor: Actor): Promise<TopicRow[]> {
  const topics = await db
    .selectFrom("community_topics")
    .select([...topicColumns])
    .orderBy("position")
    .orderBy("id")
    .execute();
  if (isAdmin(actor) || topics.every((topic) => topic.visibility === "public")) return topics;
  const keys = await topicIdsWithKey(db, userIdOf(actor));
  return topics.filter((topic) => canReadTopic(actor, topic, keys.has(topic.id)));
}

/** Whether the actor may read at least one topic (the header's community link). */
export async function mayReadSomeTopic(db: Db, actor: Actor): Promise<boolean> {
  const open = await db
    .selectFrom("community_topics")
    .select("id")
    .$if(!isAdmin(actor), (q) => q.where("visibility", "=", "public"))
    .limit(1)
    .executeTakeFirst();
  if (open) return true;
  if (!isSignedIn(actor) || isAdmin(actor)) return false;
  return (await listReadableTopics(db, actor)).length > 0;
}

/** A product whose ownership opens a restricted topic (told to the student who lacks it). */
export type TopicKeyProduct = { id: number; title: string; path: string };

export type OpenTopicAccess = { state: "open"; topic: TopicRow; canPost: boolean; canTakePart: boolean };

export type TopicAccess =
  OpenTopicAccess | { state: "login" } | { state: "locked"; topic: TopicView; products: TopicKeyProduct[] };

/** The published products that open a restricted topic, with the page where each is sold. */
async function keyProducts(db: Db, topicId: number): Promise<TopicKeyProduct[]> {
  const rows = await db
    .selectFrom("community_topic_products as k")
    .innerJoin("products as p", "p.id", "k.product_id")
    .leftJoin("courses as c", "c.id", "p.course_id")
    .select(["p.id", "p.title", "p.slug", "c.slug as course_slug"])
    .where("k.topic_id", "=", topicId)
    .where("p.status", "=", "published")
    .orderBy("p.id")
    .execute();
  return rows.flatMap((row) => {
    const path = row.course_slug ? `/${row.course_slug}` : row.slug ? `/products/${row.slug}` : null;
    return path ? [{ id: row.id, title: row.title, path }] : [];
  });
}

// Every topic page and post call starts here: compiled once (platform/db/prepared.ts).
const topicById = prepared((db, p: { topicId: number }) =>
  db
    .selectFrom("community_topics")
    .select([...topicColumns])
    .where("id", "=", p.topicId),
);

/** Whether and how the actor may read this topic; null when there is no such topic. */
export async function topicAccess(db: Db, actor: Actor, topicId: number): Promise<TopicAccess | null> {
  if (!Number.isSafeInteger(topicId)) return null;
  const [topic] = await topicById(db, { topicId });
  if (!topic) return null;
  const holdsKey =
    topic.visibility === "restricted" && isSignedIn(actor) && !isAdmin(actor)
      ? await holdsTopicKey(db, userIdOf(actor), topic.id)
      : false;
  if (canReadTopic(actor, topic, holdsKey)) {
    return {
      state: "open",
      topic,
      canPost: canPostInTopic(actor, topic, holdsKey),
      canTakePart: canTakePartInTopic(actor, topic, holdsKey),
    };
  }
  if (!isSignedIn(actor)) return { state: "login" };
  return { state: "locked", topic: topicView(topic), products: await keyProducts(db, topic.id) };
}

/** The topic the actor may read, or the refusal: 404 unknown, 401 a visitor, 403 a student without a key. */
export async function requireReadableTopic(db: Db, actor: Actor, topicId: number): Promise<OpenTopicAccess> {
  const access = await topicAccess(db, actor, topicId);
  if (!access) throw new AppError("not_found");
  if (access.state === "login") throw new AppError("unauthenticated");
  if (access.state === "locked") throw new AppError("forbidden", { messageKey: "community:locked" });
  return access;
}
