// /leads/confirm/{token}: the double opt-in's link. The page shows whether the token is good (findLeadConfirmation)
// and a button; the button's POST confirms (no change on GET: a mail scanner following links confirms nothing).
// Confirming sends the lead out as lead.created (outbox). A token is good for LEAD_CONFIRM_DAYS; a used one
// answers "already confirmed", an unknown or expired one "not found".
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError } from "../errors.ts";
import { hashToken } from "../accounts/tokens.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { applyLeadTagRules } from "../students/tag-rules.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";
import { leadEventData } from "./lead-event.ts";
import { canLeaveLead, LEAD_CONFIRM_DAYS } from "./policies.ts";

export type LeadConfirmation = { state: "pending" | "confirmed" };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function leadOf(db: Db, token: string, now: string) {
  if (!TOKEN.test(token)) throw new AppError("not_found");
  const lead = await db
    .selectFrom("leads")
    .select(["id", "status", "created_at", "email", "form_id"])
    .where("confirm_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!lead) throw new AppError("not_found");
  const expired = Date.parse(now) - Date.parse(lead.created_at) > LEAD_CONFIRM_DAYS * 24 * 60 * 60 * 1000;
  if (lead.status === "unconfirmed" && expired) throw new AppError("not_found");
  return lead;
}

export async function findLeadConfirmation(db: Db, token: string, now = nowIso()): Promise<LeadConfirmation> {
  const lead = await leadOf(db, token, now);
  return { state: lead.status === "confirmed" ? "confirmed" : "pending" };
}

export async function confirmLead(db: Db, actor: Actor, token: unknown, now = nowIso()): Promise<LeadConfirmation> {
  authorize(actor, canLeaveLead(actor));
  return inTransaction(db, async (trx) => {
    const lead = await leadOf(trx, typeof token === "string" ? token : "", now);
    const updated = await trx
      .updateTable("leads")
      .set({ status: "confirmed", confirmed_at: now })
      .where("id", "=", lead.id)
      .where("status", "=", "unconfirmed")
      .executeTakeFirst();
    // Only the request that moved it sends the event: a second click (or a race) sends nothing more.
    if (Number(updated.numUpdatedRows) === 1) {
      await applyLeadTagRules(trx, { email: lead.email, formId: lead.form_id });
      await emitWebhookEvent(trx, "lead.created", await leadEventData(trx, lead.id));
    }
    return { state: "confirmed" };
  });
}
