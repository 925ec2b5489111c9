// POST /home/students/tags/{tagId}/rules {trigger, target_id}: the admin makes a tag automatic: given on buying
// the product, completing the course or leaving a lead on the form. The target must exist (422 on target_id
// otherwise); the same rule twice is one rule. Students who already bought/completed are not tagged back in time.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError, fieldError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { parseInput } from "../validation.ts";
import type { TagRule } from "./list-tag-rules.ts";
import { canManageStudents } from "./policies.ts";
import { tagRuleSchema } from "./schemas.ts";

const targetTables = { purchase: "products", completion: "courses", lead: "lead_forms" } as const;

export async function addTagRule(
  db: Db,
  actor: Actor,
  tagIdInput: unknown,
  input: unknown,
): Promise<Omit<TagRule, "target">> {
  authorize(actor, canManageStudents(actor));
  const tagId = pathId(tagIdInput);
  const data = parseInput(tagRuleSchema, input);
  return db.transaction().execute(async (trx) => {
    const tag = await trx.selectFrom("tags").select("id").where("id", "=", tagId).executeTakeFirst();
    if (!tag) throw new AppError("not_found");
    const target = await trx
      .selectFrom(targetTables[data.trigger])
      .select("id")
      .where("id", "=", data.target_id)
      .executeTakeFirst();
    if (!target) throw fieldError("target_id", "students:rule_target_missing");
    await trx
      .insertInto("tag_rules")
      .values({ tag_id: tagId, trigger: data.trigger, target_id: data.target_id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["tag_id", "trigger", "target_id"]).doNothing())
      .execute();
    return trx
      .selectFrom("tag_rules")
      .select(["id", "tag_id", "trigger", "target_id"])
      .where("tag_id", "=", tagId)
      .where("trigger", "=", data.trigger)
      .where("target_id", "=", data.target_id)
      .executeTakeFirstOrThrow();
  });
}
