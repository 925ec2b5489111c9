// Who may take an exam: a course's exam, whoever may watch the course's paid lectures (course access or a
// membership; admins always); a product's exam, whoever holds the product now. An archived exam takes no new
// attempts but its students still read their results. An exam not reached answers 404 like a missing one.
import type { Db } from "#platform/db/connection.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { hasProductAccess } from "#core/products/product-access.ts";
import type { SignedInActor } from "../shared/actor.ts";
import type { ExamView } from "./exam-records.ts";

export async function reachesExam(
  db: Db,
  member: SignedInActor,
  exam: Pick<ExamView, "course_id" | "product_id">,
  now: string,
): Promise<boolean> {
  if (member.kind === "admin") return true;
  const viewer = { id: member.userId, role: "student" as const };
  if (exam.course_id !== null) return hasCourseAccess(db, viewer, exam.course_id);
  if (exam.product_id !== null) return hasProductAccess(db, viewer, exam.product_id, now);
  return false;
}
