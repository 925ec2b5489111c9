// DELETE /home/students/tags/{tagId}/rules/{ruleId}: the admin stops a rule. The tags it gave stay with their
// students; nobody gets the tag from this rule again. A rule not of that tag is a 404.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageStudents } from "./policies.ts";

export async function removeTagRule(db: Db, actor: Actor, ids: { tagId: unknown; ruleId: unknown }): Promise<void> {
  authorize(actor, canManageStudents(actor));
  const tagId = pathId(ids.tagId);
  const ruleId = pathId(ids.ruleId);
  const removed = await db
    .deleteFrom("tag_rules")
    .where("id", "=", ruleId)
    .where("tag_id", "=", tagId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new AppError("not_found");
}
