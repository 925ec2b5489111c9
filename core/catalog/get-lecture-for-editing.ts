// GET .../lectures/{lectureId} (and the lecture editor page): the lecture, its components in order, the
// course and the sections it may be moved to.
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus } from "#platform/db/schema.ts";
import { type AuthoredComponent, type AuthoredLecture, authoredComponent, authoredLecture } from "./authored.ts";
import { requireCourse, requireLecture, requireLectureOfCourse } from "./internal/records.ts";
import type { Actor } from "../shared/actor.ts";
import { type CoursePath, editablePath, type LecturePath } from "./authorize-authoring.ts";

export type LectureForEditing = {
  course: { id: number; title: string; slug: string; status: CourseStatus };
  section: { id: number; title: string };
  sections: { id: number; title: string }[];
  lecture: AuthoredLecture;
  components: AuthoredComponent[];
};

export async function getLectureForEditing(db: Db, actor: Actor, path: LecturePath): Promise<LectureForEditing> {
  const ids = editablePath(actor, path);
  const lecture = await requireLecture(db, ids);
  const course = await requireCourse(db, ids.courseId);
  const sections = await db
    .selectFrom("course_sections")
    .select(["id", "title"])
    .where("course_id", "=", ids.courseId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const components = await db
    .selectFrom("lecture_components")
    .selectAll()
    .where("lecture_id", "=", ids.lectureId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    course: { id: course.id, title: course.title, slug: course.slug, status: course.status },
    section: sections.find((s) => s.id === lecture.section_id)!,
    sections,
    lecture: authoredLecture(lecture),
    components: components.map(authoredComponent),
  };
}

/** The lecture editor page (/home/courses/{courseId}/lectures/{lectureId}): its address names no section. */
export async function getCourseLectureForEditing(
  db: Db,
  actor: Actor,
  path: CoursePath & { lectureId: unknown },
): Promise<LectureForEditing> {
  const ids = editablePath(actor, path);
  const lecture = await requireLectureOfCourse(db, ids.courseId, ids.lectureId);
  return getLectureForEditing(db, actor, {
    courseId: ids.courseId,
    sectionId: lecture.section_id,
    lectureId: lecture.id,
  });
}
