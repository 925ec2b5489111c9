// The keys to restricted topics: which topics a signed-in user may open besides the public ones. A key is any
// kind of ownership a topic can ask for; each kind is one provider here. Products are the first (owning one of
// the topic's products: a course product through the course's access, any other through its product access);
// the memberships issue adds plans as one more provider, with its own key table beside community_topic_products,
// and nothing else changes.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";

export type TopicKeyProvider = {
  name: string;
  /** The ids of the restricted topics this user holds a key of this kind to at `now`. */
  topicIdsHeldBy(db: Db, userId: number, now: string): Promise<number[]>;
};

const productKeys: TopicKeyProvider = {
  name: "product",
  async topicIdsHeldBy(db, userId, now) {
    const rows = await db
      .selectFrom("community_topic_products as k")
      .innerJoin("products as p", "p.id", "k.product_id")
      .select("k.topic_id")
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom("product_access as a")
              .select("a.id")
              .whereRef("a.product_id", "=", "k.product_id")
              .where("a.user_id", "=", userId)
              .where("a.revoked_at", "is", null)
              .where("a.starts_at", "<=", now)
              .where((w) => w.or([w("a.ends_at", "is", null), w("a.ends_at", ">", now)])),
          ),
          eb.exists(
            eb
              .selectFrom("course_access as c")
              .select("c.id")
              .whereRef("c.course_id", "=", "p.course_id")
              .where("c.user_id", "=", userId)
              .where("c.revoked_at", "is", null)
              .where("c.starts_at", "<=", now)
              .where((w) => w.or([w("c.ends_at", "is", null), w("c.ends_at", ">", now)])),
          ),
        ]),
      )
      .execute();
    return rows.map((row) => row.topic_id);
  },
};

const providers = new Map<string, TopicKeyProvider>([[productKeys.name, productKeys]]);

/** Called by the composition root for a new kind of key (a membership plan); the same name replaces it. */
export function registerTopicKeyProvider(provider: TopicKeyProvider): void {
  providers.set(provider.name, provider);
}

/** The restricted topics this user holds any key to (a visitor holds none). */
export async function topicIdsWithKey(db: Db, userId: number | null, now = nowIso()): Promise<Set<number>> {
  const held = new Set<number>();
  if (userId === null) return held;
  for (const provider of providers.values()) {
    for (const id of await provider.topicIdsHeldBy(db, userId, now)) held.add(id);
  }
  return held;
}

/** Whether this user holds a key to this topic. */
export async function holdsTopicKey(db: Db, userId: number | null, topicId: number, now = nowIso()): Promise<boolean> {
  return (await topicIdsWithKey(db, userId, now)).has(topicId);
}
