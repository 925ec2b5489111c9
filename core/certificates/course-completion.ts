// Whether a student has completed a course, the one rule certificates are issued by: every published lecture
// completed, and the course's exam passed where there is one.
//
// The exam (issue 17 item 2) is asked through the `ExamRequirement` port below: the composition root
// (server/services.ts) injects core/exams' `hasPassedCourseExam`; an exam passed after the last lecture queues the
// issue itself (core/exams/after-exam-passed.ts).
import type { Db } from "#platform/db/connection.ts";
import { getCourseProgress } from "../learning/get-course-progress.ts";

export type CompletionSubject = { userId: number; courseId: number };

/** The exam's part of completion: `required` false when the course has no exam. */
export type ExamRequirement = (db: Db, who: CompletionSubject) => Promise<{ required: boolean; passed: boolean }>;

/** The default until exams are wired in: no course has an exam. */
export const noExamRequirement: ExamRequirement = async () => ({ required: false, passed: true });

export type CourseCompletion = {
  complete: boolean;
  lectures: { completed: number; total: number };
  /** null: not asked (the lectures are not done yet) */
  exam: { required: boolean; passed: boolean } | null;
};

/** The rule itself, pure: a course without published lectures is never complete. */
export function isCourseComplete(
  lectures: { completed: number; total: number },
  exam: { required: boolean; passed: boolean },
): boolean {
  return lectures.total > 0 && lectures.completed >= lectures.total && (!exam.required || exam.passed);
}

export async function checkCourseCompletion(
  db: Db,
  who: CompletionSubject,
  examRequirement: ExamRequirement = noExamRequirement,
): Promise<CourseCompletion> {
  const { completed, total } = await getCourseProgress(db, who);
  const lectures = { completed, total };
  // The exam is asked only when the lectures are done: most calls stop here.
  if (total === 0 || completed < total) {
    return { complete: false, lectures, exam: null };
  }
  const exam = await examRequirement(db, who);
  return { complete: isCourseComplete(lectures, exam), lectures, exam };
}
