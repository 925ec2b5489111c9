// The admin's students (issue 18, items 1-3; spec §2, §3, §5, §7, §8, §9). Admins only (401 / 403 otherwise):
// - POST /student {name, email, course_id?, tag_ids?}: a student added by hand (a new account with an invitation
//   to set its password, or the course and tags for a known one);
// - POST /home/students/{id}/tags {name, public}: a tag given (made on first use); DELETE .../tags/{tagId} (POST
//   .../tags/{tagId}/delete from the plain form): taken away;
// - POST /home/students/import {lines, course_id?, tag_ids?}: a bulk import of at most 50 lines, run as a job,
//   once a minute per admin ('You can only use this feature once per minute', 429 with Retry-After);
// - GET /home/students: the list (JSON; also the page), with the page's filters and `after` cursor;
// - GET /home/students/imports/{id}: its progress and line-by-line report (polled by the page);
// - GET /home/students/tags/rules: the tag rules; POST /home/students/tags/{tagId}/rules {trigger, target_id}: a
//   rule added (the tag given on a purchase, a completed course or a lead); DELETE .../rules/{ruleId} (POST
//   .../rules/{ruleId}/delete from the plain form): removed.
// The pages (/home/students, /home/students/{id}, /home/students/import) read through their loaders.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createExportThrottle } from "#core/shared/export-throttle.ts";
import { idFromText } from "#core/shared/ids.ts";
import { createStudent } from "#core/students/create-student.ts";
import { getImport } from "#core/students/get-import.ts";
import { addTagRule } from "#core/students/add-tag-rule.ts";
import { giveStudentTag } from "#core/students/give-student-tag.ts";
import { listTagRules } from "#core/students/list-tag-rules.ts";
import { listStudents } from "#core/students/list-students.ts";
import { removeStudentTag } from "#core/students/remove-student-tag.ts";
import { removeTagRule } from "#core/students/remove-tag-rule.ts";
import { studentFiltersFrom } from "#core/students/schemas.ts";
import { startImport } from "#core/students/start-import.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { invitationDepsFor, passwordLinkContextFor } from "../plugins/request-context.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const PAGE = "/home/students";

type IdParams = { Params: { id: string } };
type TagParams = { Params: { id: string; tagId: string } };
type RuleParams = { Params: { tagId: string; ruleId?: string } };

/** A plain form sends `tag_ids` once per ticked box (a string, or an array); the JSON call sends the array. */
function withTagIds(body: unknown): Record<string, unknown> {
  const fields = (body ?? {}) as Record<string, unknown>;
  const tagIds = fields.tag_ids;
  return { ...fields, tag_ids: tagIds === undefined ? [] : ([] as unknown[]).concat(tagIds) };
}

export async function studentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;
  const importThrottle = createExportThrottle(
    await createLimiter(services.handle, { keyPrefix: "students_import", points: 1, duration: 60 }),
    { key: "students-import", messageKey: "students:import_throttled" },
  );

  app.post("/student", limited(routeLimits.studentCreate), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const deps = invitationDepsFor(request, services);
        const admitted = await createStudent(db, request.ctx.actor, deps, withTagIds(request.body));
        const student = admitted.student!;
        return {
          json: { student: { ...student, url: `${PAGE}/${student.id}` }, outcome: admitted.outcome },
          redirect: `${PAGE}/${student.id}?added=${admitted.outcome}`,
        };
      },
      PAGE,
    ),
  );

  app.post<IdParams>(`${PAGE}/:id/tags`, staff, (request, reply) => {
    const page = `${PAGE}/${idFromText(request.params.id) ?? 0}`;
    return handle(
      request,
      reply,
      async () => {
        const tag = await giveStudentTag(db, request.ctx.actor, request.params.id, request.body);
        return { json: { tag }, redirect: `${page}?tagged=1` };
      },
      page,
    );
  });

  const untag = (request: FastifyRequest<TagParams>) => async () => {
    await removeStudentTag(db, request.ctx.actor, { studentId: request.params.id, tagId: request.params.tagId });
    return { json: { ok: true }, redirect: `${PAGE}/${idFromText(request.params.id) ?? 0}?untagged=1` };
  };
  app.delete<TagParams>(`${PAGE}/:id/tags/:tagId`, staff, (request, reply) =>
    handle(request, reply, untag(request), `${PAGE}/${request.params.id}`),
  );
  app.post<TagParams>(`${PAGE}/:id/tags/:tagId/delete`, staff, (request, reply) =>
    handle(request, reply, untag(request), `${PAGE}/${request.params.id}`),
  );

  app.get(`${PAGE}/tags/rules`, jsonCallsOnly(app), async (request) => ({
    rules: await listTagRules(db, request.ctx.actor),
  }));
  app.post<RuleParams>(`${PAGE}/tags/:tagId/rules`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const rule = await addTagRule(db, request.ctx.actor, request.params.tagId, request.body);
        return { json: { rule }, redirect: `${PAGE}?rules=1` };
      },
      PAGE,
    ),
  );
  const unrule = (request: FastifyRequest<RuleParams>) => async () => {
    await removeTagRule(db, request.ctx.actor, { tagId: request.params.tagId, ruleId: request.params.ruleId });
    return { json: { ok: true }, redirect: `${PAGE}?rules=1` };
  };
  app.delete<RuleParams>(`${PAGE}/tags/:tagId/rules/:ruleId`, staff, (request, reply) =>
    handle(request, reply, unrule(request), PAGE),
  );
  app.post<RuleParams>(`${PAGE}/tags/:tagId/rules/:ruleId/delete`, staff, (request, reply) =>
    handle(request, reply, unrule(request), PAGE),
  );

  app.post(`${PAGE}/import`, staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const link = passwordLinkContextFor(request, services);
        const started = await startImport(
          db,
          request.ctx.actor,
          { throttle: importThrottle, lang: link.lang, baseUrl: link.baseUrl, schoolName: link.schoolName },
          withTagIds(request.body),
        );
        return { json: started, redirect: `${PAGE}/import?import=${started.id}` };
      },
      `${PAGE}/import`,
    ),
  );

  app.get(PAGE, jsonCallsOnly(app), async (request) =>
    listStudents(db, request.ctx.actor, studentFiltersFrom((request.query ?? {}) as Record<string, unknown>)),
  );

  app.get<IdParams>(`${PAGE}/imports/:id`, jsonCallsOnly(app), async (request) =>
    getImport(db, request.ctx.actor, request.params.id),
  );
}
