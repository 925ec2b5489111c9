// Exams (issue 17, item 2). Thin: parse, call one use-case from core/exams/, shape.
// The student's calls (the page /my/exams/{id} renders the exam; these change it):
// - POST /my/exams/{id}/start -> {attempt}: a new attempt with its server deadline, or the open one;
// - PUT /my/exams/attempts/{id}/answers {answers} -> {saved_at}: the autosave (refused after the deadline);
// - POST /my/exams/attempts/{id}/submit -> {result}: hands the attempt in, scored once.
// The admin's: POST /home/exams (create), /home/exams/{id} (edit), /home/exams/{id}/delete (archived when it has
// attempts; JSON, or a plain form: a 303 back to the list), /home/exams/attempts/{id}/grade {grades}.
// Every call needs the CSRF token (csrf-guard).
import type { FastifyInstance } from "fastify";
import { createExam } from "#core/exams/create-exam.ts";
import { deleteExam } from "#core/exams/delete-exam.ts";
import { gradeAttempt } from "#core/exams/grade-attempt.ts";
import { saveAnswers } from "#core/exams/save-answers.ts";
import { startAttempt } from "#core/exams/start-attempt.ts";
import { submitAttempt } from "#core/exams/submit-attempt.ts";
import { updateExam } from "#core/exams/update-exam.ts";
import type { Services } from "../services.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import { publicAddressFor } from "../plugins/request-context.ts";

const LIST = "/home/exams";
type Params = { id: string };

export async function examRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.post<{ Params: Params }>("/my/exams/:id/start", limited(routeLimits.examAttempt), async (request) => ({
    attempt: await startAttempt(db, request.ctx.actor, request.params.id),
  }));
  app.put<{ Params: Params }>("/my/exams/attempts/:id/answers", limited(routeLimits.examAutosave), async (request) =>
    saveAnswers(db, request.ctx.actor, request.params.id, request.body),
  );
  app.post<{ Params: Params }>("/my/exams/attempts/:id/submit", limited(routeLimits.examAttempt), async (request) => ({
    result: await submitAttempt(db, request.ctx.actor, request.params.id),
  }));

  app.post(LIST, staff, async (request) => ({ exam: await createExam(db, request.ctx.actor, request.body) }));
  app.post<{ Params: Params }>(`${LIST}/:id`, staff, async (request) => ({
    exam: await updateExam(db, request.ctx.actor, request.params.id, request.body),
  }));
  app.post<{ Params: Params }>(`${LIST}/:id/delete`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: { ok: true, ...(await deleteExam(db, request.ctx.actor, request.params.id)) },
        redirect: LIST,
      }),
      LIST,
    ),
  );
  app.post<{ Params: Params }>(`${LIST}/attempts/:id/grade`, staff, async (request) =>
    gradeAttempt(db, request.ctx.actor, request.params.id, request.body, {
      baseUrl: publicAddressFor(request, services),
    }),
  );
}
