// The ordered sections and lectures of one or more courses, in one query: the shared read of the watch page,
// the progress calls and the student's course list.
import type { Db } from "#platform/db/connection.ts";
import type { LectureAccess, LectureStatus } from "#platform/db/schema.ts";
import type { DripRule } from "./drip-rules.ts";

export type CurriculumLecture = {
  id: number;
  course_id: number;
  section_id: number;
  title: string;
  duration_minutes: number;
  access: LectureAccess;
  status: LectureStatus;
  /** the lecture's own drip rule and its section's (drip-rules.ts) */
  drip: { section: DripRule; lecture: DripRule };
};

export type CurriculumSection = {
  id: number;
  course_id: number;
  title: string;
  drip: DripRule;
  lectures: CurriculumLecture[];
};

/** Sections in order, each with its lectures in order (drafts included: callers filter by viewer). */
export async function loadCurriculum(db: Db, courseIds: readonly number[]): Promise<CurriculumSection[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .selectFrom("course_sections as s")
    .leftJoin("lectures as l", "l.section_id", "s.id")
    .where("s.course_id", "in", [...courseIds])
    .select([
      "s.id as section_id",
      "s.course_id",
      "s.title as section_title",
      "s.drip_days as section_drip_days",
      "s.drip_at as section_drip_at",
      "l.drip_days",
      "l.drip_at",
      "l.id as lecture_id",
      "l.title as lecture_title",
      "l.duration_minutes",
      "l.access",
      "l.status",
    ])
    .orderBy("s.course_id")
    .orderBy("s.position")
    .orderBy("s.id")
    .orderBy("l.position")
    .orderBy("l.id")
    .execute();
  const sections: CurriculumSection[] = [];
  for (const row of rows) {
    let section = sections.at(-1);
    if (!section || section.id !== row.section_id) {
      section = {
        id: row.section_id,
        course_id: row.course_id,
        title: row.section_title,
        drip: { drip_days: row.section_drip_days, drip_at: row.section_drip_at },
        lectures: [],
      };
      sections.push(section);
    }
    if (row.lecture_id !== null) {
      section.lectures.push({
        id: row.lecture_id,
        course_id: row.course_id,
        section_id: row.section_id,
        title: row.lecture_title ?? "",
        duration_minutes: Number(row.duration_minutes ?? 0),
        access: row.access ?? "paid",
        status: row.status ?? "draft",
        drip: { section: section.drip, lecture: { drip_days: row.drip_days ?? null, drip_at: row.drip_at ?? null } },
      });
    }
  }
  return sections;
}
