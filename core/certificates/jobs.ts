// Certificates' background work: one issue job per student and course (queued by queue-certificate.ts under a
// unique key). Its handler is made from the exam seam and the school's address (server/jobs.ts).
import { z } from "zod";
import { defineJob } from "#platform/jobs/define-job.ts";
import { issueCertificate, type IssueDeps } from "./issue-certificate.ts";

export const issueCertificateJob = defineJob({
  name: "certificates.issue",
  payload: z.object({ user_id: z.number().int().min(1), course_id: z.number().int().min(1) }).strict(),
  handler:
    (deps: IssueDeps) =>
    async (payload, { db, log }) => {
      const outcome = await issueCertificate(db, deps, { userId: payload.user_id, courseId: payload.course_id });
      log.info({ user: payload.user_id, course: payload.course_id, outcome }, "certificate issue");
    },
});
