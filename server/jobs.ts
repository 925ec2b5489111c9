// The composition root of background work: every job the workers run (each domain defines its own, with the Zod
// schema of its payload; here each handler gets its services) and every schedule they claim. A new job: define it
// in its domain (defineJob), add a line here; a new periodic one: defineSchedule, and add it to `schedules`.
import { passwordResetMailJob } from "#core/accounts/jobs.ts";
import { issueCertificateJob } from "#core/certificates/jobs.ts";
import { notifyCommentJob, notifyPostJob, topicMailJob } from "#core/community/notifications/jobs.ts";
import { closeExpiredAttemptsJob, closeExpiredAttemptsSchedule } from "#core/exams/jobs.ts";
import { issueInvoiceJob, issueMembershipInvoiceJob } from "#core/invoices/jobs.ts";
import {
  commentVideoSweepJob,
  commentVideoSweepSchedule,
  mediaMaintenanceJob,
  mediaMaintenanceSchedule,
} from "#core/media/jobs.ts";
import { paymentRecheckSchedule, recheckPendingPaymentsJob } from "#core/selling/jobs.ts";
import { renewMembershipJob, renewalScanJob, renewalSchedule } from "#core/memberships/jobs.ts";
import { noticeScanJob, noticeSchedule } from "#core/memberships/mails/jobs.ts";
import { allowLoopbackOf } from "#core/webhooks/delivery-rules.ts";
import { ATTEMPT_TIMEOUT_MS } from "#core/webhooks/delivery-settings.ts";
import { deliverWebhookJob } from "#core/webhooks/jobs.ts";
import { accessEndingsScanJob, accessEndingsSchedule, dripScanJob, dripSchedule } from "#core/learning/jobs.ts";
import { purgeUnconfirmedLeadsJob, purgeUnconfirmedLeadsSchedule } from "#core/leads/jobs.ts";
import { importStudentsJob } from "#core/students/jobs.ts";
import { registerJob, type RegisteredJob } from "#platform/jobs/define-job.ts";
import { deleteDoneJobsJob, jobMaintenanceSchedules, recoverStaleJobsJob } from "#platform/jobs/maintenance.ts";
import type { Schedule } from "#platform/jobs/schedule.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { invoicingProvidersFor } from "./invoicing.ts";
import { completionHooks, membershipChargers } from "./payments.ts";
import type { Services } from "./services.ts";

export function registeredJobs(services: Services): RegisteredJob[] {
  return [
    registerJob(sendMailJob, { mailer: services.mailer }),
    registerJob(passwordResetMailJob, { mailer: services.mailer, secret: services.secret }),
    registerJob(issueInvoiceJob, { secret: services.secret, providerFor: invoicingProvidersFor(services.config) }),
    registerJob(issueMembershipInvoiceJob, {
      secret: services.secret,
      providerFor: invoicingProvidersFor(services.config),
    }),
    registerJob(recheckPendingPaymentsJob, { providers: services.payments, hooks: completionHooks(services) }),
    registerJob(mediaMaintenanceJob, {
      storage: services.storage,
      resumable: services.resumable,
      videoHost: services.videoHost,
    }),
    registerJob(notifyPostJob),
    registerJob(notifyCommentJob),
    registerJob(topicMailJob, { mailer: services.mailer, secret: services.secret, appUrl: services.config.APP_URL }),
    registerJob(commentVideoSweepJob, {
      storage: services.storage,
      resumable: services.resumable,
      videoHost: services.videoHost,
    }),
    registerJob(renewalScanJob, { chargers: membershipChargers(services) }),
    registerJob(renewMembershipJob, { chargers: membershipChargers(services) }),
    registerJob(issueCertificateJob, {
      examRequirement: services.examRequirement,
      appUrl: services.config.APP_URL,
    }),
    registerJob(closeExpiredAttemptsJob, {}),
    registerJob(noticeScanJob, {}),
    registerJob(deliverWebhookJob, {
      serverSecret: services.secret,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      allowLoopback: allowLoopbackOf(services.config),
    }),
    registerJob(dripScanJob, {}),
    registerJob(accessEndingsScanJob, {}),
    registerJob(purgeUnconfirmedLeadsJob, {}),
    registerJob(importStudentsJob, { secret: services.secret, accounts: services.accounts }),
    registerJob(recoverStaleJobsJob),
    registerJob(deleteDoneJobsJob),
  ];
}

export const schedules: readonly Schedule[] = [
  paymentRecheckSchedule,
  renewalSchedule,
  closeExpiredAttemptsSchedule,
  noticeSchedule,
  dripSchedule,
  accessEndingsSchedule,
  purgeUnconfirmedLeadsSchedule,
  mediaMaintenanceSchedule,
  commentVideoSweepSchedule,
  ...jobMaintenanceSchedules,
];
