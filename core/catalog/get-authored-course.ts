// GET /home/courses/{courseId}: the course's fields and its curriculum, for the course editor.
import type { Db } from "#platform/db/connection.ts";
import { type AuthoredCourse, authoredCourse } from "./authored.ts";
import { requireCourse } from "./internal/records.ts";
import { type CurriculumSection, listSections } from "./list-sections.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath } from "./authorize-authoring.ts";

export async function getAuthoredCourse(
  db: Db,
  actor: Actor,
  courseIdInput: unknown,
): Promise<{ course: AuthoredCourse; sections: CurriculumSection[] }> {
  const { courseId } = editablePath(actor, { courseId: courseIdInput });
  const course = await requireCourse(db, courseId);
  return { course: authoredCourse(course), sections: await listSections(db, actor, courseId) };
}
