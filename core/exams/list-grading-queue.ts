// GET /home/exams/grading (issue 17, item 2): the admin's queue: submitted attempts whose open answers wait for
// points, oldest first, each with the questions to grade and the student's answers.
import type { Db } from "#platform/db/connection.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { answersOf, parseQuestions } from "./exam-records.ts";
import { canManageExams } from "./policies.ts";

export type GradingItem = {
  attempt_id: number;
  exam_id: number;
  exam_title: string;
  student_name: string;
  submitted_at: string | null;
  answers: { key: string; title: string; points: number; answer: string }[];
};

export async function listGradingQueue(db: Db, actor: Actor): Promise<GradingItem[]> {
  authorize(actor, canManageExams(actor));
  const rows = await db
    .selectFrom("exam_attempts as a")
    .innerJoin("exams as e", "e.id", "a.exam_id")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select(["a.id", "a.exam_id", "e.title", "u.name", "a.submitted_at", "a.questions"])
    .where("a.status", "=", "grading")
    .orderBy("a.submitted_at")
    .orderBy("a.id")
    .limit(50)
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const saved = await answersOf(db, row.id);
      const answers = parseQuestions(row.questions).flatMap((question) => {
        const key = questionKey(question.title);
        const answer = saved.get(key);
        if (!answer || answer.points !== null) return [];
        return [{ key, title: question.title, points: question.points, answer: String(answer.answer) }];
      });
      return {
        attempt_id: row.id,
        exam_id: row.exam_id,
        exam_title: row.title,
        student_name: row.name,
        submitted_at: row.submitted_at,
        answers,
      };
    }),
  );
}
