// Reading and writing which student has which tag, for the students use-cases (list, page, give, import,
// create). A tag is found by its name or made on first use; giving a tag a student already has changes nothing.
import type { Db } from "#platform/db/connection.ts";
import { fromFlag, nowIso, toFlag } from "#platform/db/connection.ts";
import type { StudentTagSource } from "#platform/db/schema-students.ts";

export type StudentTag = { id: number; name: string; public: boolean };

/** The tags of each of the given students, by name. */
export async function tagsOfStudents(db: Db, userIds: number[]): Promise<Map<number, StudentTag[]>> {
  const byUser = new Map<number, StudentTag[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom("student_tags as st")
    .innerJoin("tags as t", "t.id", "st.tag_id")
    .select(["st.user_id", "t.id", "t.name", "t.public"])
    .where("st.user_id", "in", userIds)
    .orderBy("t.name")
    .orderBy("t.id")
    .execute();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name, public: fromFlag(row.public) });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** The tag of this name, made (public or private as asked) when there is none yet. */
export async function tagNamed(db: Db, name: string, isPublic: boolean): Promise<StudentTag> {
  const now = nowIso();
  await db
    .insertInto("tags")
    .values({ name, public: toFlag(isPublic), created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const tag = await db
    .selectFrom("tags")
    .select(["id", "name", "public"])
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return { ...tag, public: fromFlag(tag.public) };
}

/** Gives each tag to the student (those they have already stay as they were). */
export async function giveTags(db: Db, userId: number, tagIds: number[], source: StudentTagSource): Promise<void> {
  if (tagIds.length === 0) return;
  const now = nowIso();
  await db
    .insertInto("student_tags")
    .values(tagIds.map((tagId) => ({ user_id: userId, tag_id: tagId, source, created_at: now })))
    .onConflict((oc) => oc.columns(["user_id", "tag_id"]).doNothing())
    .execute();
}

/** The ids of the given tags that exist (an import or a new student names tags by id). */
export async function existingTagIds(db: Db, tagIds: number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const rows = await db.selectFrom("tags").select("id").where("id", "in", tagIds).execute();
  return rows.map((row) => row.id);
}
