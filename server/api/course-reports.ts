// Course reports (issue 17 item 6). Thin: parse, call one use-case from core/learning/report/, shape.
// - POST /home/courses/{courseId}/report/export: the report's students as CSV (the page's ?stuck_days= carried as
//   a field), one export per admin per minute (429 with Retry-After; a plain form goes back to the report saying
//   why). The report itself is the page /home/courses/{courseId}/report.
import type { FastifyInstance } from "fastify";
import { isAppError } from "#core/errors.ts";
import { exportCourseReportCsv } from "#core/learning/report/export-course-report.ts";
import { reportQuerySchema } from "#core/learning/report/schemas.ts";
import { createExportThrottle } from "#core/shared/export-throttle.ts";
import { idParam } from "#core/shared/ids.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import { wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import type { Services } from "../services.ts";

type Params = { courseId: string };

export async function courseReportRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  const exportThrottle = createExportThrottle(
    await createLimiter(services.handle, { keyPrefix: "course_report_export", points: 1, duration: 60 }),
  );
  app.post<{ Params: Params }>(
    "/home/courses/:courseId/report/export",
    limited(routeLimits.staff),
    async (request, reply) => {
      const { stuck_days } = reportQuerySchema.parse(request.body ?? {});
      try {
        const { csv, filename } = await exportCourseReportCsv(
          db,
          request.ctx.actor,
          request.params.courseId,
          exportThrottle,
          { stuckDays: stuck_days },
        );
        return reply
          .header("Content-Type", "text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="${filename}"`)
          .header("Cache-Control", "no-store")
          .send(csv);
      } catch (error) {
        if (wantsJson(request) || !isAppError(error) || error.code !== "throttled") throw error;
        const back = `/home/courses/${idParam(request.params.courseId)}/report`;
        return reply.redirect(`${back}?error=${encodeURIComponent(error.messageKey)}`, 303);
      }
    },
  );
}
