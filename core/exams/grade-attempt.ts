// POST /home/exams/attempts/{id}/grade {grades: [{key, points, comment}]} (issue 17, item 2): the admin gives
// points (0..the question's points) and a comment to open answers of an attempt in the grading queue. Once no
// answer waits, the attempt is scored (one guarded update grading -> graded, so it is scored and mailed once)
// and the student gets an e-mail (outbox, same transaction) pointing at the result.
import { afterExamPassed } from "./after-exam-passed.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { translator } from "#platform/i18n/index.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import { AppError, type FieldErrors } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { parseInput } from "../validation.ts";
import { answersOf, findAttempt, findExam } from "./exam-records.ts";
import { canManageExams } from "./policies.ts";
import { hasPassed } from "./scoring.ts";
import { gradeSchema } from "./schemas.ts";

export async function gradeAttempt(
  db: Db,
  actor: Actor,
  attemptIdInput: unknown,
  input: unknown,
  context: { baseUrl: string },
  now = nowIso(),
): Promise<{ status: "grading" | "graded"; score: number | null; passed: boolean | null }> {
  authorize(actor, canManageExams(actor));
  const attemptId = pathId(attemptIdInput);
  const { grades } = parseInput(gradeSchema, input);
  return inTransaction(db, async (trx) => {
    const attempt = await findAttempt(trx, attemptId);
    if (!attempt) throw new AppError("not_found");
    if (attempt.status !== "grading") throw new AppError("conflict", { messageKey: "exams:not_awaiting_grading" });
    const saved = await answersOf(trx, attempt.id);
    const questions = new Map(attempt.questions.map((question) => [questionKey(question.title), question]));
    const fields: FieldErrors = {};
    grades.forEach((grade, index) => {
      const question = questions.get(grade.key);
      const answer = saved.get(grade.key);
      if (!question || !answer || answer.points !== null) {
        fields[`grades.${index}.key`] = [{ key: "validation:in" }];
      } else if (grade.points > question.points) {
        fields[`grades.${index}.points`] = [{ key: "validation:number_max", values: { max: question.points } }];
      }
    });
    if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
    for (const grade of grades) {
      await trx
        .updateTable("exam_answers")
        .set({ points: grade.points, comment: grade.comment === "" ? null : grade.comment })
        .where("attempt_id", "=", attempt.id)
        .where("question_key", "=", grade.key)
        .where("points", "is", null)
        .execute();
    }
    const after = await answersOf(trx, attempt.id);
    const waiting = [...questions.keys()].some((key) => after.get(key)?.points === null);
    if (waiting) return { status: "grading" as const, score: null, passed: null };
    const score = [...questions.keys()].reduce((sum, key) => sum + (after.get(key)?.points ?? 0), 0);
    const exam = await findExam(trx, attempt.exam_id);
    const passed = hasPassed(score, attempt.max_score, exam.pass_percent);
    const done = await trx
      .updateTable("exam_attempts")
      .set({ status: "graded", score, passed: toFlag(passed), graded_at: now })
      .where("id", "=", attempt.id)
      .where("status", "=", "grading")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) {
      await queueGradedMail(trx, attempt, exam.title, score, passed, context);
      if (passed) await afterExamPassed(trx, attempt);
    }
    return { status: "graded" as const, score, passed };
  });
}

async function queueGradedMail(
  db: Db,
  attempt: { id: number; exam_id: number; user_id: number; max_score: number },
  examTitle: string,
  score: number,
  passed: boolean,
  context: { baseUrl: string },
): Promise<void> {
  const school = await db.selectFrom("school").select(["name", "language"]).executeTakeFirst();
  const student = await db
    .selectFrom("users")
    .select(["email", "name"])
    .where("id", "=", attempt.user_id)
    .executeTakeFirstOrThrow();
  const t = translator(school?.language ?? "en");
  const values = {
    name: student.name,
    exam: examTitle,
    score,
    max: attempt.max_score,
    school: school?.name ?? "",
    link: `${context.baseUrl}/my/exams/${attempt.exam_id}/attempts/${attempt.id}`,
  };
  await enqueue(db, sendMailJob, {
    to: student.email,
    subject: t("exams:graded_subject", values),
    text: t(passed ? "exams:graded_text_passed" : "exams:graded_text_failed", values),
  });
}
