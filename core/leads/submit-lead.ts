// POST /lead (spec §7: the form's field names to their values, hidden fields included): a visitor leaves a lead.
// The values are checked against the form's definition (spec §5, lead-rules.ts; 422 per field in the page's
// language). Stored: the fields' values, the form's hidden fields (their fixed values from the form, so a visitor
// cannot rewrite them), the path of the page it came from, the consent version shown, the tags of the form, the
// time and the address. With double opt-in the lead waits unconfirmed for its e-mail's link (confirm-lead.ts);
// without it the lead counts at once and goes out as the outgoing webhook event lead.created, in the same
// transaction (outbox).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError, isAppError } from "../errors.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { formIdSchema } from "../shared/ids.ts";
import { parseInput } from "../validation.ts";
import { applyLeadTagRules } from "../students/tag-rules.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";
import { findLeadForm } from "./form-records.ts";
import { checkLeadValues } from "./lead-rules.ts";
import { leadEventData } from "./lead-event.ts";
import { canLeaveLead } from "./policies.ts";
import { queueLeadConfirmMail } from "./queue-lead-confirm-mail.ts";
import { z } from "zod";

const envelope = z.object({ form_id: formIdSchema }).passthrough();

/** The page's path only ("/offer?x=1" keeps "/offer"), so that a query's personal data is not stored. */
function pagePath(value: unknown): string {
  if (typeof value !== "string") return "";
  const text = value.trim();
  if (!text.startsWith("/") || text.startsWith("//")) return "";
  return (URL.parse(text, "http://x")?.pathname ?? "").slice(0, 500);
}

export type LeadClient = { ip: string; appUrl: string | undefined; now?: string };

export async function submitLead(
  db: Db,
  actor: Actor,
  input: unknown,
  client: LeadClient,
): Promise<{ status: "confirmed" | "unconfirmed"; redirect_to: string | null }> {
  authorize(actor, canLeaveLead(actor));
  const body = parseInput(envelope, input);
  const form = await findLeadForm(db, body.form_id).catch((error: unknown) => {
    // A form that does not exist is the form_id field's error, not a bare 404, for the page's message.
    if (isAppError(error) && error.code === "not_found") {
      throw new AppError("validation", { fields: { form_id: [{ key: "leads:form_missing" }] } });
    }
    throw error;
  });
  const { values, errors } = checkLeadValues(form.fields, body);
  if (Object.keys(errors).length > 0) throw new AppError("validation", { fields: errors });
  const now = client.now ?? nowIso();
  const email = form.fields.find((field) => field.type === "email" && values[field.name] !== "");
  const confirm = form.double_opt_in && email !== undefined;
  const token = confirm ? newToken() : null;
  const hidden = Object.fromEntries(form.hidden_fields.map((field) => [field.name, field.value]));
  const status = confirm ? "unconfirmed" : "confirmed";
  await inTransaction(db, async (trx) => {
    const lead = await trx
      .insertInto("leads")
      .values({
        form_id: form.id,
        email: email ? values[email.name]!.toLowerCase() : null,
        fields: JSON.stringify(values),
        hidden_fields: JSON.stringify(hidden),
        page: pagePath(body.page),
        consent_id: form.consent?.id ?? null,
        tags: JSON.stringify(form.tags),
        status,
        confirm_token_hash: token ? hashToken(token) : null,
        confirmed_at: confirm ? null : now,
        ip: client.ip.slice(0, 64),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (form.tags.length > 0) {
      await trx
        .insertInto("lead_tags")
        .values(form.tags.map((tag) => ({ lead_id: lead.id, tag })))
        .execute();
    }
    if (token) await queueLeadConfirmMail(trx, { to: values[email!.name]!, token, appUrl: client.appUrl });
    else {
      await applyLeadTagRules(trx, { email: email ? values[email.name]! : null, formId: form.id });
      await emitWebhookEvent(trx, "lead.created", await leadEventData(trx, lead.id));
    }
  });
  return { status, redirect_to: form.options.redirect_to || null };
}
