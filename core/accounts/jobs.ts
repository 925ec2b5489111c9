// The accounts domain's jobs. 'mail.password_reset' carries a reference, not a link: the handler derives the
// link's token from it and the server's secret at send time (send-password-reset-mail.ts, decision 0007).
import { z } from "zod";
import { languages } from "#platform/i18n/index.ts";
import { defineJob } from "#platform/jobs/define-job.ts";
import { passwordResetMailHandler } from "./send-password-reset-mail.ts";

export const passwordResetMailPayload = z.object({
  to: z.string().min(1),
  name: z.string(),
  reference: z.string().min(1),
  baseUrl: z.string().min(1),
  lang: z.enum(languages),
  schoolName: z.string(),
  /** an admin's invitation to a new account (core/students): worded so, valid longer; absent: a reset */
  kind: z.literal("invitation").optional(),
});

export type PasswordResetMailPayload = z.infer<typeof passwordResetMailPayload>;

export const passwordResetMailJob = defineJob({
  name: "mail.password_reset",
  payload: passwordResetMailPayload,
  handler: passwordResetMailHandler,
});
