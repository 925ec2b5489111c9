// The admin's statistics of an exam (issue 17, item 2): attempts handed in, how many are scored and passed (the
// pass rate of the scored ones), and per question of the pool how many times it was answered and how many of
// those earned its full points.
import { type Db, fromFlag } from "#platform/db/connection.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { findExam } from "./exam-records.ts";
import { canManageExams } from "./policies.ts";

export type ExamStats = {
  attempts: number;
  graded: number;
  passed: number;
  /** percent of the scored attempts that passed, or null before any */
  pass_rate: number | null;
  questions: { key: string; title: string; answered: number; correct: number }[];
};

export async function getExamStats(db: Db, actor: Actor, idInput: unknown): Promise<ExamStats> {
  authorize(actor, canManageExams(actor));
  const exam = await findExam(db, pathId(idInput));
  const attempts = await db
    .selectFrom("exam_attempts")
    .select(["id", "status", "passed", "questions"])
    .where("exam_id", "=", exam.id)
    .where("status", "!=", "open")
    .execute();
  const graded = attempts.filter((attempt) => attempt.status === "graded");
  const passed = graded.filter((attempt) => fromFlag(attempt.passed)).length;
  const answers =
    attempts.length === 0
      ? []
      : await db
          .selectFrom("exam_answers")
          .select(["question_key", "points"])
          .where(
            "attempt_id",
            "in",
            attempts.map((attempt) => attempt.id),
          )
          .execute();
  const full = new Map(exam.questions.map((question) => [questionKey(question.title), question.points]));
  const counts = new Map<string, { answered: number; correct: number }>();
  for (const answer of answers) {
    const count = counts.get(answer.question_key) ?? { answered: 0, correct: 0 };
    if (answer.points !== null) {
      count.answered++;
      if (answer.points === full.get(answer.question_key)) count.correct++;
    }
    counts.set(answer.question_key, count);
  }
  return {
    attempts: attempts.length,
    graded: graded.length,
    passed,
    pass_rate: graded.length === 0 ? null : Math.round((passed * 100) / graded.length),
    questions: exam.questions.map((question) => {
      const key = questionKey(question.title);
      return { key, title: question.title, ...(counts.get(key) ?? { answered: 0, correct: 0 }) };
    }),
  };
}
