// For certificates and course completion (issue 17, item 3): whether a course requires an exam for completion,
// and whether the student has passed it. `required` is true when the course has an exam (not archived) marked
// required for completion; `passed` when the student has a scored, passed attempt of such an exam, or, when none
// is required, of any exam of the course (false when the course has no exam).
import type { Db } from "#platform/db/connection.ts";

export async function hasPassedCourseExam(
  db: Db,
  { userId, courseId }: { userId: number; courseId: number },
): Promise<{ required: boolean; passed: boolean }> {
  const exams = await db
    .selectFrom("exams")
    .select(["id", "required_for_completion", "archived_at"])
    .where("course_id", "=", courseId)
    .execute();
  const required = exams.filter((exam) => exam.archived_at === null && Number(exam.required_for_completion) === 1);
  const counted = required.length > 0 ? required : exams;
  if (counted.length === 0) return { required: false, passed: false };
  const pass = await db
    .selectFrom("exam_attempts")
    .select("id")
    .where("user_id", "=", userId)
    .where(
      "exam_id",
      "in",
      counted.map((exam) => exam.id),
    )
    .where("status", "=", "graded")
    .where("passed", "=", 1)
    .executeTakeFirst();
  return { required: required.length > 0, passed: pass !== undefined };
}
