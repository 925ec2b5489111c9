// The composition root: every dependency is built here once, at start-up, and passed down.
import path from "node:path";
import type { AccountServices } from "#core/accounts/account-services.ts";
import { createLoginThrottle } from "#core/accounts/login-throttle.ts";
import { OWASP_SCRYPT } from "#core/accounts/passwords.ts";
import type { Config } from "#platform/config.ts";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { migrateToLatest } from "#platform/db/migrate.ts";
import { createErrorReporter, type ErrorReporter } from "#platform/error-reporting.ts";
import { createMailer, type Mailer } from "#platform/mail/mailer.ts";
import { createStorageFromConfig } from "#integrations/storage/from-config.ts";
import type { Storage } from "#core/ports/storage.ts";
import { createResumableStore, type ResumableStore } from "#platform/storage/resumable.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import { loadSecret } from "#platform/security/secret.ts";
import { videoHostFromConfig } from "#integrations/video/from-config.ts";
import type { VideoHost } from "#core/ports/video-host.ts";
import { createPayments, externalProviders, type Payments, testPaymentsAllowed } from "./payments.ts";
import { seedBuiltInIntegrations } from "#core/integrations/seed-built-in-integrations.ts";
import type { SampleMedia } from "#core/school/sample-content.ts";
import { sampleMedia } from "#platform/sample-files/sample-media.ts";
import { registerCommentableKind } from "#core/discussion/commentable-kinds.ts";
import { registerTopicKeyProvider } from "#core/community/topic-access.ts";
import { planTopicKeys } from "#core/memberships/membership-access.ts";
import { lectureCommentable } from "#core/learning/lecture-commentable.ts";
import { postCommentable } from "#core/community/post-commentable.ts";
import type { ExamRequirement } from "#core/certificates/course-completion.ts";
import { hasPassedCourseExam } from "#core/exams/has-passed-course-exam.ts";
import type { CertificatePdfRenderer } from "#core/certificates/certificate-document.ts";

export type Services = {
  config: Config;
  handle: DbHandle;
  db: DbHandle["db"];
  secret: Buffer;
  accounts: AccountServices;
  mailer: Mailer;
  storage: Storage;
  /** Video uploads in progress (tus), outside the storage until they are complete. */
  resumable: ResumableStore;
  /** Bunny Stream when configured; null: lecture videos use our own tus endpoint and storage. */
  videoHost: VideoHost | null;
  /** the payment providers buyers may choose (server/payments.ts) */
  payments: Payments;
  /** draws the files of the sample course (setup with sample content) */
  sampleMedia: SampleMedia;
  /** unexpected errors to a Sentry-compatible service when SENTRY_DSN is set, else nothing */
  errors: ErrorReporter;
  /**
   * The exam's part of a course's completion (certificates). SEAM: until core/exams/ is wired in, no course has an
   * exam; then `(db, who) => hasPassedCourseExam(db, who)`.
   */
  examRequirement: ExamRequirement;
  /** draws a certificate's PDF (server/certificate-pdf.ts) */
  certificatePdf: CertificatePdfRenderer;
  close(): Promise<void>;
};

export async function createServices(config: Config): Promise<Services> {
  // What comments may hang on: each kind comes from the domain that owns it (the community adds posts).
  registerCommentableKind(lectureCommentable);
  registerCommentableKind(postCommentable);
  // A membership plan is a key to the restricted topics it opens (issue 15).
  registerTopicKeyProvider(planTopicKeys);
  const handle = openDatabase(config.database);
  await migrateToLatest(handle);
  const throttle = createLoginThrottle({
    perAccountAndIp: await createLimiter(handle, {
      keyPrefix: "login",
      points: config.LOGIN_ATTEMPTS_PER_MINUTE,
      duration: 60,
    }),
    perIp: await createLimiter(handle, {
      keyPrefix: "login_ip",
      points: config.LOGIN_ATTEMPTS_PER_IP_PER_HOUR,
      duration: 3600,
    }),
    perAccount: await createLimiter(handle, {
      keyPrefix: "login_account",
      points: config.LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR,
      duration: 3600,
    }),
    currentPassword: await createLimiter(handle, {
      keyPrefix: "current_password",
      points: config.LOGIN_ATTEMPTS_PER_MINUTE,
      duration: 60,
    }),
  });
  const secret = loadSecret({ secretKey: config.SECRET_KEY, dataDir: config.dataDir });
  const hashing = { ...OWASP_SCRYPT, N: config.PASSWORD_SCRYPT_N };
  // The built-in test payments start switched on where they are allowed (core/integrations/seed-built-in-integrations.ts).
  await seedBuiltInIntegrations(handle.db, secret, { testPayments: testPaymentsAllowed(config) });
  const mailer = createMailer(handle.db, config);
  const errors = await createErrorReporter({
    dsn: config.SENTRY_DSN,
    sampleRate: config.SENTRY_SAMPLE_RATE,
    environment: config.NODE_ENV,
  });
  return {
    config,
    handle,
    db: handle.db,
    secret,
    accounts: { db: handle.db, throttle, sessionDays: config.SESSION_DAYS, hashing, secret },
    mailer,
    payments: createPayments({ db: handle.db, config, secret, external: externalProviders(handle.db, secret) }),
    storage: createStorageFromConfig(config, secret),
    videoHost: videoHostFromConfig(config),
    resumable: createResumableStore({ root: path.join(config.dataDir, "uploads-in-progress") }),
    sampleMedia,
    errors,
    examRequirement: hasPassedCourseExam,
    // Loaded on the first certificate: @react-pdf/renderer takes about a second and tens of MB to load, which a
    // server that never draws a certificate should not pay at start (the same reason as sharp's lazy load).
    certificatePdf: async (document) => (await import("./certificate-pdf.ts")).renderCertificatePdf(document),
    close: async () => {
      await errors.close();
      mailer.close();
      await handle.close();
    },
  };
}
