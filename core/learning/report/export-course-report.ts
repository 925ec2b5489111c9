// POST /home/courses/{courseId}/report/export: the course report's students as CSV (name, e-mail, lectures
// completed of the total, percent, last activity, finished, stuck), one export per admin per minute (spec §8
// 'You can only make one export per minute', the shared export throttle with the report's own count).
import type { Db } from "#platform/db/connection.ts";
import { toCsv } from "../../shared/csv.ts";
import type { ExportThrottle } from "../../shared/export-throttle.ts";
import { type Actor, authorizeUser } from "../../shared/actor.ts";
import { canReadCourseReports } from "../policies.ts";
import { type CourseReportQuery, getCourseReport } from "./get-course-report.ts";

export async function exportCourseReportCsv(
  db: Db,
  actor: Actor,
  courseIdInput: unknown,
  throttle: ExportThrottle,
  query: CourseReportQuery = {},
): Promise<{ csv: string; filename: string }> {
  const { userId } = authorizeUser(actor, canReadCourseReports(actor));
  const report = await getCourseReport(db, actor, courseIdInput, query);
  await throttle.take(userId);
  const header = ["name", "email", "completed", "total", "percent", "last_activity_at", "finished", "stuck"];
  const rows = report.rows.map((row) => [
    row.name,
    row.email,
    String(row.completed),
    String(report.total_lectures),
    String(row.percent),
    row.last_activity_at ?? "",
    row.finished ? "yes" : "no",
    row.stuck ? "yes" : "no",
  ]);
  return {
    csv: toCsv([header, ...rows]),
    filename: `course-${report.course.id}-report-${(query.now ?? new Date()).toISOString().slice(0, 10)}.csv`,
  };
}
