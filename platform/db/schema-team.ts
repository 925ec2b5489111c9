// The team's table (migration 0040): the audit log, one row per successful write of an admin or a moderator
// (server/plugins/audit-trail.ts). The school's owner is school.owner_user_id (schema.ts).
import type { Generated } from "kysely";

export type AuditLogTable = {
  id: Generated<number>;
  /** who did it; null once that account is gone (its name stays in actor_name) */
  user_id: number | null;
  actor_name: string;
  /** their role at the time: "admin" or "moderator" */
  actor_role: string;
  method: string;
  /** the route's pattern, e.g. /home/students/:id/tags */
  route: string;
  /** JSON: the ids the call named (path parameters, and id-like fields of its body), e.g. {"id":"12"} */
  targets: string;
  /** a short line of the call's non-secret fields (ids, a role, a type, a status); never a body */
  summary: string;
  status: number;
  created_at: string;
};

export type TeamTables = { audit_log: AuditLogTable };
