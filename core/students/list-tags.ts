// The school's tags, by name, with how many students have each: the list's tag filter and the forms that give
// tags (a student's page, a new student, the bulk import).
import type { Db } from "#platform/db/connection.ts";
import { fromFlag } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageStudents } from "./policies.ts";

export type TagSummary = { id: number; name: string; public: boolean; students: number };

export async function listTags(db: Db, actor: Actor): Promise<TagSummary[]> {
  authorize(actor, canManageStudents(actor));
  const rows = await db
    .selectFrom("tags as t")
    .leftJoin("student_tags as st", "st.tag_id", "t.id")
    .select(["t.id", "t.name", "t.public", (eb) => eb.fn.count<number>("st.id").as("n")])
    .groupBy(["t.id", "t.name", "t.public"])
    .orderBy("t.name")
    .orderBy("t.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, public: fromFlag(row.public), students: Number(row.n) }));
}
