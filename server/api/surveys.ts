// Surveys (issue 17, item 1). Thin: parse, call one use-case from core/surveys/, shape.
// - POST /survey/{id} -> {survey, responded_at} (spec §7): the modal reads the survey;
// - POST /survey/submit {survey_id, response} -> {responded_at} (spec §7): the student answers, once;
// - POST /survey/due {course_id?} -> {survey}: the survey due for the caller in the student area, or in a course
//   (spec §4), or null; the pages ask it when a lecture is completed;
// - POST /survey/{id}/postpone -> {postponed_at}: 'Remind me later' or closing the modal (spec §4);
// - POST /home/surveys, /home/surveys/{id}, /home/surveys/{id}/delete: the admin's builder (JSON, or a plain form
//   for deleting: a 303 back to the list).
// - POST /home/surveys/{id}/export {course_id?, from?, to?}: the answers as CSV, filtered as the results are, one
//   export per admin per minute (429 with Retry-After).
// Every call needs the CSRF token (csrf-guard).
import type { FastifyInstance } from "fastify";
import { exportSurveyResponsesCsv } from "#core/surveys/export-responses.ts";
import { createExportThrottle } from "#core/shared/export-throttle.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import { createSurvey } from "#core/surveys/create-survey.ts";
import { findDueSurvey } from "#core/surveys/find-due-survey.ts";
import { dueQuerySchema } from "#core/surveys/schemas.ts";
import { parseInput } from "#core/validation.ts";
import { deleteSurvey } from "#core/surveys/delete-survey.ts";
import { openSurvey } from "#core/surveys/open-survey.ts";
import { postponeSurvey } from "#core/surveys/postpone-survey.ts";
import { submitSurvey } from "#core/surveys/submit-survey.ts";
import { updateSurvey } from "#core/surveys/update-survey.ts";
import type { Services } from "../services.ts";
import { isAppError } from "#core/errors.ts";
import { idParam } from "#core/shared/ids.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const LIST = "/home/surveys";
type Params = { id: string };

export async function surveyRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;
  // Its own count (prefix), the transactions' message: 'You can only make one export per minute'.
  const exportThrottle = createExportThrottle(
    await createLimiter(services.handle, { keyPrefix: "surveys_export", points: 1, duration: 60 }),
  );

  // Registered before /survey/:id; Fastify prefers the static path anyway.
  app.post("/survey/submit", limited(routeLimits.surveyAnswer), async (request) =>
    submitSurvey(db, request.ctx.actor, request.body),
  );
  app.post("/survey/due", limited(routeLimits.surveyOpen), async (request) => {
    const { course_id } = parseInput(dueQuerySchema, request.body ?? {});
    const place = course_id === null ? { area: "student" as const } : { area: "course" as const, course_id };
    return { survey: await findDueSurvey(db, request.ctx.actor, place) };
  });
  app.post<{ Params: Params }>("/survey/:id", limited(routeLimits.surveyOpen), async (request) =>
    openSurvey(db, request.ctx.actor, request.params.id),
  );
  app.post<{ Params: Params }>("/survey/:id/postpone", limited(routeLimits.surveyAnswer), async (request) =>
    postponeSurvey(db, request.ctx.actor, request.params.id),
  );

  app.post(LIST, staff, async (request) => ({ survey: await createSurvey(db, request.ctx.actor, request.body) }));
  app.post<{ Params: Params }>(`${LIST}/:id`, staff, async (request) => ({
    survey: await updateSurvey(db, request.ctx.actor, request.params.id, request.body),
  }));
  app.post<{ Params: Params }>(`${LIST}/:id/delete`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => ({
        json: { ok: true, ...(await deleteSurvey(db, request.ctx.actor, request.params.id)) },
        redirect: LIST,
      }),
      LIST,
    ),
  );
  app.post<{ Params: Params }>(`${LIST}/:id/export`, staff, async (request, reply) => {
    try {
      const { actor } = request.ctx;
      const filter = request.body ?? {};
      const { csv, filename } = await exportSurveyResponsesCsv(db, actor, request.params.id, filter, exportThrottle);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    } catch (error) {
      if (wantsJson(request) || !isAppError(error) || error.code !== "throttled") throw error;
      // The plain form: back to the survey's page, saying why.
      return reply.redirect(`${LIST}/${idParam(request.params.id)}?error=${encodeURIComponent(error.messageKey)}`, 303);
    }
  });
}
