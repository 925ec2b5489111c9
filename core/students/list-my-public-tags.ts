// The public tags of the student themself (e.g. their cohort), shown on their account page. Private tags are the
// admins' own notes and never leave the admin area.
import type { Db } from "#platform/db/connection.ts";
import { toFlag } from "#platform/db/connection.ts";
import { type Actor, userIdOf } from "../shared/actor.ts";

export async function listMyPublicTags(db: Db, actor: Actor): Promise<string[]> {
  const userId = userIdOf(actor);
  if (userId === null) return [];
  const rows = await db
    .selectFrom("student_tags as st")
    .innerJoin("tags as t", "t.id", "st.tag_id")
    .select("t.name")
    .where("st.user_id", "=", userId)
    .where("t.public", "=", toFlag(true))
    .orderBy("t.name")
    .execute();
  return rows.map((row) => row.name);
}
