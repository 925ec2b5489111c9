// Tag rules at work (issue 18, item 3): the use-cases that grant a purchase, record a completed course or take a
// lead call applyTagRules inside their own transaction, so the tags commit (or roll back) with the change. A tag a
// student already has stays as it was (student_tags is unique per student and tag): a rule gives its tag once.
import type { Db } from "#platform/db/connection.ts";
import type { TagRuleTrigger } from "#platform/db/schema-students.ts";
import { giveTags } from "./student-tags.ts";

/** Gives the student every tag whose rule names this trigger and target; answers the tag ids of those rules. */
export async function applyTagRules(
  db: Db,
  userId: number,
  trigger: TagRuleTrigger,
  targetIds: number | number[],
): Promise<number[]> {
  const targets = ([] as number[]).concat(targetIds);
  if (targets.length === 0) return [];
  const rules = await db
    .selectFrom("tag_rules")
    .select("tag_id")
    .distinct()
    .where("trigger", "=", trigger)
    .where("target_id", "in", targets)
    .execute();
  const tagIds = rules.map((rule) => rule.tag_id);
  await giveTags(db, userId, tagIds, "rule");
  return tagIds;
}

/** A lead's rules: the student account with the lead's e-mail, if there is one now, gets the form's rule tags. */
export async function applyLeadTagRules(db: Db, lead: { email: string | null; formId: number }): Promise<void> {
  if (!lead.email) return;
  const student = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", lead.email.toLowerCase())
    .where("role", "=", "student")
    .executeTakeFirst();
  if (student) await applyTagRules(db, student.id, "lead", lead.formId);
}
