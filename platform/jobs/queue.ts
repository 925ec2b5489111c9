// The job table is the outbox: a job is inserted with the same transaction (db handle) as the change
// that causes it, so a committed change always has its side effects queued, and a rolled-back one never does.
import type { Kysely } from "kysely";
import { nowIso } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";
import type { Lang } from "../i18n/catalogs.ts";

export type JobPayloads = {
  "mail.send": { to: string; subject: string; text: string; html?: string };
  /**
   * a password reset mail (core/accounts/send-password-reset-mail.ts): the link's token is derived at send time
   * from `reference` and the server's secret, so this row (shown on /home/jobs) holds no usable link
   */
  "mail.password_reset": {
    to: string;
    name: string;
    reference: string;
    baseUrl: string;
    lang: Lang;
    schoolName: string;
  };
  /** issue the invoice of a paid transaction (core/invoices/issue-invoice.ts) */
  "invoice.issue": { transactionId: number };
};

export type JobType = keyof JobPayloads;

export const DEFAULT_MAX_ATTEMPTS = 8;

export async function enqueue<T extends JobType>(
  db: Kysely<Database>,
  type: T,
  payload: JobPayloads[T],
  options: { delayMs?: number; maxAttempts?: number } = {},
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("jobs")
    .values({
      type,
      payload: JSON.stringify(payload),
      status: "pending",
      attempts: 0,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: nowIso(options.delayMs ?? 0),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
