// /home/leads: the leads, newest first, a page at a time, filtered by form and tag; with the forms and tags the
// filters offer. Each lead shows its values, hidden fields, page, consent version, state, time and address.
import type { Db } from "#platform/db/connection.ts";
import type { LeadStatus } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { filteredLeads } from "./leads-query.ts";
import { canManageLeads } from "./policies.ts";
import { leadsFilterSchema, type LeadsFilter } from "./schemas.ts";

export const LEADS_PER_PAGE = 25;

export type LeadListItem = {
  id: number;
  form_id: number;
  form_name: string;
  email: string | null;
  fields: Record<string, string>;
  hidden_fields: Record<string, string>;
  page: string;
  consent_version: number | null;
  tags: string[];
  status: LeadStatus;
  ip: string;
  created_at: string;
};

export type LeadsList = {
  leads: LeadListItem[];
  total: number;
  page: number;
  pages: number;
  filter: LeadsFilter;
  forms: { id: number; name: string }[];
  tags: string[];
};

export async function listLeads(
  db: Db,
  actor: Actor,
  filterInput: unknown,
  perPage = LEADS_PER_PAGE,
): Promise<LeadsList> {
  authorize(actor, canManageLeads(actor));
  const filter = parseInput(leadsFilterSchema, filterInput);
  const { total } = await filteredLeads(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / perPage));
  const page = Math.min(filter.page, pages);
  const [rows, forms, tags] = await Promise.all([
    filteredLeads(db, filter)
      .innerJoin("lead_forms as f", "f.id", "l.form_id")
      .leftJoin("lead_consents as c", "c.id", "l.consent_id")
      .select([
        "l.id",
        "l.form_id",
        "f.name as form_name",
        "l.email",
        "l.fields",
        "l.hidden_fields",
        "l.page",
        "c.version as consent_version",
        "l.tags",
        "l.status",
        "l.ip",
        "l.created_at",
      ])
      .orderBy("l.created_at", "desc")
      .orderBy("l.id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db.selectFrom("lead_forms").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
    db.selectFrom("lead_tags").select("tag").distinct().orderBy("tag").execute(),
  ]);
  return {
    leads: rows.map((row) => ({
      ...row,
      consent_version: row.consent_version ?? null,
      fields: JSON.parse(row.fields) as Record<string, string>,
      hidden_fields: JSON.parse(row.hidden_fields) as Record<string, string>,
      tags: JSON.parse(row.tags) as string[],
    })),
    total: Number(total),
    page,
    pages,
    filter: { ...filter, page },
    forms,
    tags: tags.map((row) => row.tag),
  };
}
