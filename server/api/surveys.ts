// Surveys (issue 17, item 1). Thin: parse, call one use-case from core/surveys/, shape.
// - POST /survey/{id} -> {survey, responded_at} (spec §7): the modal reads the survey;
// - POST /survey/submit {survey_id, response} -> {responded_at} (spec §7): the student answers, once;
// - POST /survey/due {course_id?} -> {survey}: the survey due for the caller in the student area, or in a course
//   (spec §4), or null; the pages ask it when a lecture is completed;
// - POST /survey/{id}/postpone -> {postponed_at}: 'Remind me later' or closing the modal (spec §4);
// - POST /home/surveys, /home/surveys/{id}, /home/surveys/{id}/delete: the admin's builder (JSON, or a plain form
//   for deleting: a 303 back to the list).
// Every call needs the CSRF token (csrf-guard).
import type { FastifyInstance } from "fastify";
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
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const LIST = "/home/surveys";
type Params = { id: string };

export async function surveyRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

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
}
