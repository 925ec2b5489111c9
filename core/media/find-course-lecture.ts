// The authoring paths name a lecture by course, section and lecture (spec §7): all three must belong
// together, otherwise the lecture is not found.
import type { Db } from "#platform/db/connection.ts";
import { editablePath, type LecturePath as RawLecturePath } from "../catalog/authorize-authoring.ts";
import { AppError } from "../errors.ts";
import { type Actor, requireSignedIn } from "../shared/actor.ts";

export type LecturePath = { courseId: number; sectionId: number; lectureId: number };
export type { RawLecturePath };

/**
 * A lecture's media uploads are authoring: the course's policy answers first, whatever the ids (401 / 403), then
 * the path's ids are parsed (404). Returns them and the uploader.
 */
export function authorizeLectureMedia(actor: Actor, path: RawLecturePath): { userId: number; path: LecturePath } {
  const ids = editablePath(actor, path);
  return { userId: requireSignedIn(actor).userId, path: ids };
}

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
