// Whether a student reaches a survey where it is attached: the student area is every signed-in member's; a course's
// survey is for those with access to the course, after the chosen lecture is completed or at the course's
// completion (every published lecture completed); a survey sold as a product is for whoever holds the product now
// (as an exam sold alone: core/exams/exam-reach.ts). Admins reach every survey (to preview it).
import type { Db } from "#platform/db/connection.ts";
import { getCourseProgress } from "../learning/get-course-progress.ts";
import { hasCourseAccess } from "../learning/course-access.ts";
import { hasProductAccess } from "../products/product-access.ts";
import type { SignedInActor } from "../shared/actor.ts";
import type { SurveyView } from "./survey-records.ts";

/** Whether the survey may be opened, answered or postponed by this member now. */
export async function reachesSurvey(db: Db, member: SignedInActor, survey: SurveyView): Promise<boolean> {
  if (member.kind === "admin") return true;
  if (survey.placement === "student_area") return true;
  const user = { id: member.userId, role: "student" as const };
  if (survey.placement === "product") {
    return survey.product_id !== null && hasProductAccess(db, user, survey.product_id);
  }
  if (survey.course_id === null) return false;
  if (!(await hasCourseAccess(db, user, survey.course_id))) return false;
  if (survey.placement === "course_completion") {
    const progress = await getCourseProgress(db, { userId: member.userId, courseId: survey.course_id });
    return progress.total > 0 && progress.completed === progress.total;
  }
  if (survey.placement === "course_lecture" && survey.lecture_id !== null) {
    const done = await db
      .selectFrom("lecture_progress")
      .select("lecture_id")
      .where("user_id", "=", member.userId)
      .where("lecture_id", "=", survey.lecture_id)
      .where("completed_at", "is not", null)
      .executeTakeFirst();
    return done !== undefined;
  }
  return false;
}
