// A double opt-in that was never confirmed: once its link has expired (LEAD_CONFIRM_DAYS), the lead can never
// count, and keeping a person's address they did not confirm serves no purpose (GDPR's storage limitation).
// The leads.purge_unconfirmed schedule removes them, with their tags (cascade), once a day.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { LEAD_CONFIRM_DAYS } from "./policies.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function purgeUnconfirmedLeads(db: Db, now = nowIso()): Promise<{ purged: number }> {
  const expiredBefore = new Date(Date.parse(now) - LEAD_CONFIRM_DAYS * DAY_MS).toISOString();
  const result = await db
    .deleteFrom("leads")
    .where("status", "=", "unconfirmed")
    .where("created_at", "<", expiredBefore)
    .executeTakeFirst();
  return { purged: Number(result.numDeletedRows) };
}
