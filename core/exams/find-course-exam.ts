// The course's exam for its watch page (issue 17, item 2): shown after the last lecture to whoever may take it
// (a signed-in member with the course's access; a visitor or a student without it gets null).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, isSignedIn } from "../shared/actor.ts";
import { reachesExam } from "./exam-reach.ts";

export type ExamLink = { id: number; title: string };

export async function findCourseExam(db: Db, actor: Actor, courseId: number, now = nowIso()): Promise<ExamLink | null> {
  if (!isSignedIn(actor)) return null;
  const exam = await db
    .selectFrom("exams")
    .select(["id", "title", "course_id", "product_id"])
    .where("course_id", "=", courseId)
    .where("archived_at", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  if (!exam || !(await reachesExam(db, actor, exam, now))) return null;
  return { id: exam.id, title: exam.title };
}
