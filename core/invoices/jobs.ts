// The invoices domain's job: 'invoice.issue' issues the invoice of a paid transaction (issue-invoice.ts), queued by
// scheduleInvoice in the payment's transaction.
import { z } from "zod";
import { defineJob } from "#platform/jobs/define-job.ts";
import { invoiceIssueHandler } from "./issue-invoice.ts";

export const issueInvoicePayload = z.object({ transactionId: z.number().int().positive() });

export type IssueInvoicePayload = z.infer<typeof issueInvoicePayload>;

export const issueInvoiceJob = defineJob({
  name: "invoice.issue",
  payload: issueInvoicePayload,
  handler: invoiceIssueHandler,
});
