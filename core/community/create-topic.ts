// POST /home/community/topics: a new topic, last in the admin's order, with its product keys.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { type AdminTopic, checkProductsExist, replaceTopicKeys, requireAdminTopic } from "./admin-topics.ts";
import { canManageTopics } from "./policies.ts";
import { topicSchema } from "./topic-schemas.ts";

export async function createTopic(db: Db, actor: Actor, input: unknown, now = nowIso()): Promise<AdminTopic> {
  authorize(actor, canManageTopics(actor));
  const { product_ids, ...fields } = parseInput(topicSchema, input);
  return db.transaction().execute(async (trx) => {
    await checkProductsExist(trx, product_ids);
    const last = await trx
      .selectFrom("community_topics")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    const row = await trx
      .insertInto("community_topics")
      .values({ ...fields, position: Number(last?.position ?? 0) + 1, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await replaceTopicKeys(trx, row.id, product_ids);
    return requireAdminTopic(trx, row.id);
  });
}
