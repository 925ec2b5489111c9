// The places the admin's builder offers a survey: every course with its published and draft lectures in order
// (a survey may follow any of them, or the course's completion).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageSurveys } from "./policies.ts";

export type SurveyPlaceCourse = { id: number; title: string; lectures: { id: number; title: string }[] };

export async function listSurveyPlaces(db: Db, actor: Actor): Promise<SurveyPlaceCourse[]> {
  authorize(actor, canManageSurveys(actor));
  const rows = await db
    .selectFrom("courses as c")
    .leftJoin("course_sections as s", "s.course_id", "c.id")
    .leftJoin("lectures as l", "l.section_id", "s.id")
    .select(["c.id as course_id", "c.title as course_title", "l.id as lecture_id", "l.title as lecture_title"])
    .orderBy("c.title")
    .orderBy("c.id")
    .orderBy("s.position")
    .orderBy("l.position")
    .execute();
  const courses = new Map<number, SurveyPlaceCourse>();
  for (const row of rows) {
    let course = courses.get(row.course_id);
    if (!course) courses.set(row.course_id, (course = { id: row.course_id, title: row.course_title, lectures: [] }));
    if (row.lecture_id !== null) course.lectures.push({ id: row.lecture_id, title: row.lecture_title ?? "" });
  }
  return [...courses.values()];
}
