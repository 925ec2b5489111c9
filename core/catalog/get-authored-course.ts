// GET /home/courses/{courseId}: the course's fields and its curriculum, for the course editor.
import type { Db } from "#platform/db/connection.ts";
import { type AuthoredCourse, authoredCourse, requireCourse } from "./authoring-records.ts";
import { type CurriculumSection, listSections } from "./list-sections.ts";

export async function getAuthoredCourse(
  db: Db,
  courseId: number,
): Promise<{ course: AuthoredCourse; sections: CurriculumSection[] }> {
  const course = await requireCourse(db, courseId);
  return { course: authoredCourse(course), sections: await listSections(db, courseId) };
}
