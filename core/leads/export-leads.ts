// POST /home/leads/export {form_id?, tag?}: the leads the screen's filters choose, as CSV for a spreadsheet: time,
// form, e-mail, state, consent version, page, address, tags, then one column per field and hidden field name met.
// One export per admin per minute ('You can only make one export per minute', spec §8) through the shared export
// throttle and CSV writer (quoting, a BOM, formula cells neutralised). A wrong filter is refused before the minute
// is spent.
import type { Db } from "#platform/db/connection.ts";
import type { ExportThrottle } from "../shared/export-throttle.ts";
import { toCsv } from "../shared/csv.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { filteredLeads } from "./leads-query.ts";
import { canManageLeads } from "./policies.ts";
import { leadsFilterSchema } from "./schemas.ts";

export async function exportLeadsCsv(
  db: Db,
  actor: Actor,
  filterInput: unknown,
  throttle?: ExportThrottle,
  today = new Date().toISOString().slice(0, 10),
): Promise<{ csv: string; filename: string }> {
  const { userId } = authorizeUser(actor, canManageLeads(actor));
  const filter = parseInput(leadsFilterSchema, filterInput);
  await throttle?.take(userId);
  const rows = await filteredLeads(db, filter)
    .innerJoin("lead_forms as f", "f.id", "l.form_id")
    .leftJoin("lead_consents as c", "c.id", "l.consent_id")
    .select([
      "l.created_at",
      "f.name as form_name",
      "l.email",
      "l.status",
      "c.version as consent_version",
      "l.page",
      "l.ip",
      "l.tags",
      "l.fields",
      "l.hidden_fields",
    ])
    .orderBy("l.created_at")
    .orderBy("l.id")
    .execute();
  const parsed = rows.map((row) => ({
    ...row,
    fields: {
      ...(JSON.parse(row.hidden_fields) as Record<string, string>),
      ...(JSON.parse(row.fields) as Record<string, string>),
    },
  }));
  const names = [...new Set(parsed.flatMap((row) => Object.keys(row.fields)))];
  const header = ["created_at", "form", "email", "status", "consent_version", "page", "ip", "tags", ...names];
  const cells = parsed.map((row) => [
    row.created_at,
    row.form_name,
    row.email,
    row.status,
    row.consent_version ?? "",
    row.page,
    row.ip,
    (JSON.parse(row.tags) as string[]).join("; "),
    ...names.map((name) => row.fields[name] ?? ""),
  ]);
  return { csv: toCsv([header, ...cells]), filename: `leads-${today}.csv` };
}
