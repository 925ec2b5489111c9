// One page of the course report's students: all or only the stuck ones, by name, by progress (least first: who
// needs a nudge) or by last activity (longest quiet first).
import type { StudentProgress } from "./funnel.ts";
import { REPORT_PAGE_SIZE, type ReportQuery } from "./schemas.ts";

export type StudentPage = { rows: StudentProgress[]; page: number; pages: number; total: number };

const orders = {
  name: (a: StudentProgress, b: StudentProgress) => a.name.localeCompare(b.name) || a.user_id - b.user_id,
  progress: (a: StudentProgress, b: StudentProgress) => a.percent - b.percent || orders.name(a, b),
  activity: (a: StudentProgress, b: StudentProgress) =>
    (a.last_activity_at ?? "").localeCompare(b.last_activity_at ?? "") || orders.name(a, b),
};

export function studentPage(rows: StudentProgress[], query: Pick<ReportQuery, "show" | "sort" | "page">): StudentPage {
  const chosen = (query.show === "stuck" ? rows.filter((row) => row.stuck) : [...rows]).sort(orders[query.sort]);
  const pages = Math.max(1, Math.ceil(chosen.length / REPORT_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return {
    rows: chosen.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE),
    page,
    pages,
    total: chosen.length,
  };
}
