// /home/audit: the audit log, newest first, whole or of one person, between two days, a page at a time. Paging is
// by key: a page starts below the last id of the page before (ids grow with time), so a page reads one range of
// an index (audit_log_user or the primary key) however long the log is, and no total is counted.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canReadAuditLog } from "./policies.ts";
import { AUDIT_PAGE_SIZE, type AuditFilters } from "./schemas.ts";
import { nextDay } from "#core/shared/zod-fields.ts";

export type AuditRow = {
  id: number;
  user_id: number | null;
  actor_name: string;
  actor_role: string;
  method: string;
  route: string;
  targets: Record<string, string>;
  summary: string;
  status: number;
  created_at: string;
};

export async function listAuditLog(
  db: Db,
  actor: Actor,
  filters: AuditFilters,
): Promise<{ rows: AuditRow[]; next: number | null; people: { id: number; name: string }[] }> {
  authorize(actor, canReadAuditLog(actor));
  let query = db.selectFrom("audit_log").selectAll();
  if (filters.user_id) query = query.where("user_id", "=", filters.user_id);
  if (filters.from) query = query.where("created_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("created_at", "<", nextDay(filters.to));
  if (filters.after) query = query.where("id", "<", filters.after);
  const rows = await query
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  // Whom the filter offers: the team as it is (someone who left it is still found by the address's user_id).
  const people = await db
    .selectFrom("users")
    .select(["id", "name"])
    .where("role", "in", ["admin", "moderator"])
    .orderBy("name")
    .execute();
  return {
    rows: page.map((row) => ({ ...row, targets: JSON.parse(row.targets) as Record<string, string> })),
    next: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
    people,
  };
}
