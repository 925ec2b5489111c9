// GET /home/students/tags/rules: every tag rule with what it names (the product's, course's or form's title), for
// the tags management screen. A rule whose target was deleted since is listed with a null title: it never fires.
import type { Db } from "#platform/db/connection.ts";
import type { TagRuleTrigger } from "#platform/db/schema-students.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageStudents } from "./policies.ts";

export type TagRule = { id: number; tag_id: number; trigger: TagRuleTrigger; target_id: number; target: string | null };

export async function listTagRules(db: Db, actor: Actor): Promise<TagRule[]> {
  authorize(actor, canManageStudents(actor));
  const rows = await db
    .selectFrom("tag_rules as r")
    .leftJoin("products as p", (join) => join.onRef("p.id", "=", "r.target_id").on("r.trigger", "=", "purchase"))
    .leftJoin("courses as c", (join) => join.onRef("c.id", "=", "r.target_id").on("r.trigger", "=", "completion"))
    .leftJoin("lead_forms as f", (join) => join.onRef("f.id", "=", "r.target_id").on("r.trigger", "=", "lead"))
    .select([
      "r.id",
      "r.tag_id",
      "r.trigger",
      "r.target_id",
      "p.title as product",
      "c.title as course",
      "f.name as form",
    ])
    .orderBy("r.tag_id")
    .orderBy("r.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tag_id: row.tag_id,
    trigger: row.trigger,
    target_id: row.target_id,
    target: row.product ?? row.course ?? row.form ?? null,
  }));
}

export type TagRuleTargets = Record<TagRuleTrigger, { id: number; title: string }[]>;

/** What a rule may name: the products, the courses and the lead forms, by title. */
export async function listTagRuleTargets(db: Db, actor: Actor): Promise<TagRuleTargets> {
  authorize(actor, canManageStudents(actor));
  const [products, courses, forms] = await Promise.all([
    db.selectFrom("products").select(["id", "title"]).orderBy("title").orderBy("id").execute(),
    db.selectFrom("courses").select(["id", "title"]).orderBy("title").orderBy("id").execute(),
    db.selectFrom("lead_forms").select(["id", "name as title"]).orderBy("name").orderBy("id").execute(),
  ]);
  return { purchase: products, completion: courses, lead: forms };
}
