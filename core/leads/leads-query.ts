// The leads matching the screen's filters (form, tag), shared by the list and the CSV export.
import type { Db } from "#platform/db/connection.ts";
import type { LeadsFilter } from "./schemas.ts";

export function filteredLeads(db: Db, filter: Pick<LeadsFilter, "form_id" | "tag">) {
  let query = db.selectFrom("leads as l");
  if (filter.form_id !== null) query = query.where("l.form_id", "=", filter.form_id);
  if (filter.tag !== "") {
    const tag = filter.tag;
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom("lead_tags as t").select("t.lead_id").whereRef("t.lead_id", "=", "l.id").where("t.tag", "=", tag),
      ),
    );
  }
  return query;
}
