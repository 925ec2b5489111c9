// The authoring paths name a lecture by course, section and lecture (spec §7): all three must belong
// together, otherwise the lecture is not found.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";

export type LecturePath = { courseId: number; sectionId: number; lectureId: number };

export async function findCourseLecture(db: Db, path: LecturePath): Promise<{ id: number; title: string }> {
  const lecture = await db
    .selectFrom("lectures")
    .innerJoin("course_sections", "course_sections.id", "lectures.section_id")
    .select(["lectures.id", "lectures.title"])
    .where("lectures.id", "=", path.lectureId)
    .where("lectures.section_id", "=", path.sectionId)
    .where("course_sections.course_id", "=", path.courseId)
    .executeTakeFirst();
  if (!lecture) throw new AppError("not_found");
  return lecture;
}
