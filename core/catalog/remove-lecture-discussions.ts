// Comments are attached to a lecture by type and id (no foreign key: a comment may also belong to a community
// post), so deleting lectures (alone, with their section or with their course) removes their discussion here:
// the comments (their replies go with them) and the votes on both.
import type { Db } from "#platform/db/connection.ts";

export async function removeLectureDiscussions(db: Db, lectureIds: readonly number[]): Promise<void> {
  if (lectureIds.length === 0) return;
  const comments = db
    .selectFrom("comments")
    .select("id")
    .where("commentable_type", "=", "lecture")
    .where("commentable_id", "in", [...lectureIds]);
  const replies = db.selectFrom("replies").select("id").where("comment_id", "in", comments);
  await db.deleteFrom("votes").where("votable_type", "=", "reply").where("votable_id", "in", replies).execute();
  await db.deleteFrom("votes").where("votable_type", "=", "comment").where("votable_id", "in", comments).execute();
  await db
    .deleteFrom("comments")
    .where("commentable_type", "=", "lecture")
    .where("commentable_id", "in", [...lectureIds])
    .execute();
}

/** The ids of every lecture of a course, or of one section. */
export async function lectureIdsOf(db: Db, where: { courseId: number } | { sectionId: number }): Promise<number[]> {
  let query = db.selectFrom("lectures as l").innerJoin("course_sections as s", "s.id", "l.section_id").select("l.id");
  query =
    "courseId" in where ? query.where("s.course_id", "=", where.courseId) : query.where("s.id", "=", where.sectionId);
  return (await query.execute()).map((row) => row.id);
}
