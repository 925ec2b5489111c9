// The invoices domain's jobs: 'invoice.issue' issues the invoice of a paid transaction (issue-invoice.ts), queued by
// scheduleInvoice in the payment's transaction; 'invoice.membership' the invoice of a paid membership charge
// (issue-membership-invoice.ts), queued by scheduleMembershipInvoice in the charge's transaction.
import { z } from "zod";
import { defineJob } from "#platform/jobs/define-job.ts";
import { invoiceIssueHandler } from "./issue-invoice.ts";
import { membershipInvoiceHandler } from "./issue-membership-invoice.ts";

export const issueInvoicePayload = z.object({ transactionId: z.number().int().positive() });

export type IssueInvoicePayload = z.infer<typeof issueInvoicePayload>;

export const issueInvoiceJob = defineJob({
  name: "invoice.issue",
  payload: issueInvoicePayload,
  handler: invoiceIssueHandler,
});

export const issueMembershipInvoicePayload = z.object({ chargeId: z.number().int().positive() });

export type IssueMembershipInvoicePayload = z.infer<typeof issueMembershipInvoicePayload>;

export const issueMembershipInvoiceJob = defineJob({
  name: "invoice.membership",
  payload: issueMembershipInvoicePayload,
  handler: membershipInvoiceHandler,
});
