// PUT /home/community/topics/{id}: a topic's title, description, whether students may post, public or
// restricted, and its product keys (replaced as a whole). Posts already written stay where they are.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type AdminTopic, checkProductsExist, replaceTopicKeys, requireAdminTopic } from "./admin-topics.ts";
import { canManageTopics } from "./policies.ts";
import { topicSchema } from "./topic-schemas.ts";

export async function updateTopic(
  db: Db,
  actor: Actor,
  idInput: unknown,
  input: unknown,
  now = nowIso(),
): Promise<AdminTopic> {
  // The refusal first, whatever the id (401 / 403); then a malformed or unknown id is a 404.
  authorize(actor, canManageTopics(actor));
  const id = pathId(idInput);
  return db.transaction().execute(async (trx) => {
    await requireAdminTopic(trx, id);
    const { product_ids, ...fields } = parseInput(topicSchema, input);
    await checkProductsExist(trx, product_ids);
    await trx
      .updateTable("community_topics")
      .set({ ...fields, updated_at: now })
      .where("id", "=", id)
      .execute();
    await replaceTopicKeys(trx, id, product_ids);
    return requireAdminTopic(trx, id);
  });
}
