// Inputs of the team (/home/team) and of the audit log's filters (/home/audit), shared by the pages and the
// server. Pure: no I/O. The audit log's filters come from the page's address: a value that makes no sense is
// dropped, not refused, like the students list's.
import { z } from "zod";
import { emailField, nameField } from "#core/accounts/schemas.ts";
import { formIdSchema } from "#core/shared/ids.ts";
import { dayField, filterField } from "#core/shared/zod-fields.ts";

export const teamRoles = ["admin", "moderator"] as const;
export type TeamRole = (typeof teamRoles)[number];

const roleField = z.enum(teamRoles, { error: "validation:in" });

export const inviteMemberSchema = z.object({ name: nameField, email: emailField, role: roleField });
export const changeRoleSchema = z.object({ role: roleField });

export const AUDIT_PAGE_SIZE = 50;

export const auditFiltersSchema = z.object({
  user_id: filterField(formIdSchema),
  from: filterField(dayField),
  to: filterField(dayField),
  /** the id of the last row of the page before: the log is read newest first by id */
  after: filterField(formIdSchema),
});

export type AuditFilters = z.output<typeof auditFiltersSchema>;

export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  return auditFiltersSchema.parse(Object.fromEntries(params));
}

/** The query string of the filters (the cursor only when given), for the pager's links. */
export function auditFiltersQuery(filters: AuditFilters, options: { after?: number } = {}): string {
  const params = new URLSearchParams();
  if (filters.user_id) params.set("user_id", String(filters.user_id));
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (options.after) params.set("after", String(options.after));
  return params.toString();
}
