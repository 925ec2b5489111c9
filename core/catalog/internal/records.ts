// The look-ups that tie every authoring id to its parent (private to catalog): a section of another course, a
// lecture of another section or a component of another lecture is "not found" (404), like an id that does not exist.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "#core/errors.ts";
import type { ComponentRow, CourseRow, LectureRow, SectionRow } from "../authored.ts";

export async function requireCourse(db: Db, courseId: number): Promise<CourseRow> {
  const course = await db.selectFrom("courses").selectAll().where("id", "=", courseId).executeTakeFirst();
  if (!course) throw new AppError("not_found");
  return course;
}

export async function requireSection(db: Db, courseId: number, sectionId: number): Promise<SectionRow> {
  const section = await db
    .selectFrom("course_sections")
    .selectAll()
    .where("id", "=", sectionId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!section) throw new AppError("not_found");
  return section;
}

export async function requireLecture(
  db: Db,
  ids: { courseId: number; sectionId: number; lectureId: number },
): Promise<LectureRow> {
  const lecture = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .selectAll("l")
    .where("l.id", "=", ids.lectureId)
    .where("l.section_id", "=", ids.sectionId)
    .where("s.course_id", "=", ids.courseId)
    .executeTakeFirst();
  if (!lecture) throw new AppError("not_found");
  return lecture;
}

/** A lecture found by the course alone (the lecture editor's page address has no section). */
export async function requireLectureOfCourse(db: Db, courseId: number, lectureId: number): Promise<LectureRow> {
  const lecture = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .selectAll("l")
    .where("l.id", "=", lectureId)
    .where("s.course_id", "=", courseId)
    .executeTakeFirst();
  if (!lecture) throw new AppError("not_found");
  return lecture;
}

export async function requireComponent(
  db: Db,
  ids: { courseId: number; sectionId: number; lectureId: number; componentId: number },
): Promise<ComponentRow> {
  await requireLecture(db, ids);
  const component = await db
    .selectFrom("lecture_components")
    .selectAll()
    .where("id", "=", ids.componentId)
    .where("lecture_id", "=", ids.lectureId)
    .executeTakeFirst();
  if (!component) throw new AppError("not_found");
  return component;
}

/** The next position at the end of a list (positions start at 1). */
export function nextPosition(current: { max: number | null } | undefined): number {
  return Number(current?.max ?? 0) + 1;
}
