// The outgoing webhook's lead.created data: the lead as stored, with its form's name and consent version.
import type { Db } from "#platform/db/connection.ts";

export async function leadEventData(db: Db, leadId: number): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom("leads as l")
    .innerJoin("lead_forms as f", "f.id", "l.form_id")
    .leftJoin("lead_consents as c", "c.id", "l.consent_id")
    .select([
      "l.id",
      "l.email",
      "l.fields",
      "l.hidden_fields",
      "l.page",
      "l.tags",
      "l.created_at",
      "l.confirmed_at",
      "f.id as form_id",
      "f.name as form_name",
      "c.version as consent_version",
    ])
    .where("l.id", "=", leadId)
    .executeTakeFirstOrThrow();
  return {
    lead: {
      id: row.id,
      email: row.email,
      fields: JSON.parse(row.fields) as Record<string, string>,
      hidden_fields: JSON.parse(row.hidden_fields) as Record<string, string>,
      page: row.page,
      tags: JSON.parse(row.tags) as string[],
      consent_version: row.consent_version ?? null,
      created_at: row.created_at,
      confirmed_at: row.confirmed_at,
    },
    form: { id: row.form_id, name: row.form_name },
  };
}
