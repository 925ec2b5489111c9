// GET /home/courses/{courseId}/sections: the course's curriculum as the editor shows it: sections in order,
// each with its lectures in order (drafts included) and how many components each lecture has.
import type { Db } from "#platform/db/connection.ts";
import { type AuthoredLecture, type AuthoredSection, authoredLecture, authoredSection } from "./authored.ts";
import { requireCourse } from "./internal/records.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath } from "./authorize-authoring.ts";

export type CurriculumLecture = AuthoredLecture & { component_count: number };
export type CurriculumSection = AuthoredSection & { lectures: CurriculumLecture[] };

export async function listSections(db: Db, actor: Actor, courseIdInput: unknown): Promise<CurriculumSection[]> {
  const { courseId } = editablePath(actor, { courseId: courseIdInput });
  await requireCourse(db, courseId);
  const sections = await db
    .selectFrom("course_sections")
    .selectAll()
    .where("course_id", "=", courseId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const lectures = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .where("s.course_id", "=", courseId)
    .select(["l.id", "l.section_id", "l.title", "l.duration_minutes", "l.access", "l.status", "l.position"])
    .select(["l.drip_days", "l.drip_at"])
    .select((eb) =>
      eb
        .selectFrom("lecture_components as c")
        .whereRef("c.lecture_id", "=", "l.id")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("component_count"),
    )
    .orderBy("l.position")
    .orderBy("l.id")
    .execute();
  return sections.map((section) => ({
    ...authoredSection(section),
    lectures: lectures
      .filter((lecture) => lecture.section_id === section.id)
      .map((lecture) => ({ ...authoredLecture(lecture), component_count: Number(lecture.component_count ?? 0) })),
  }));
}
