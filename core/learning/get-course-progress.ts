// A student's progress in a course: how many of its published lectures they completed, as a whole percent.
import type { Db } from "#platform/db/connection.ts";
import { progressPercent } from "./watch-rules.ts";

export async function getCourseProgress(
  db: Db,
  options: { userId: number; courseId: number },
): Promise<{ completed: number; total: number; percent: number }> {
  const row = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .leftJoin("lecture_progress as p", (join) =>
      join.onRef("p.lecture_id", "=", "l.id").on("p.user_id", "=", options.userId).on("p.completed_at", "is not", null),
    )
    .where("s.course_id", "=", options.courseId)
    .where("l.status", "=", "published")
    .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.count<number>("p.lecture_id").as("completed")])
    .executeTakeFirstOrThrow();
  const total = Number(row.total ?? 0);
  const completed = Number(row.completed ?? 0);
  return { completed, total, percent: progressPercent(completed, total) };
}
