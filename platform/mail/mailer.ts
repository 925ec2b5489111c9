// Outgoing e-mail. With SMTP_URL set, mail goes out through nodemailer's SMTP transport; without it,
// nothing is silently dropped: each message is kept in the mails table (transport 'outbox') and the owner
// reads it on /home/mail. Sent mail is recorded there too (transport 'smtp', sent_at), so the owner can see
// what the school sent. Callers do not send directly: they enqueue a 'mail.send' job in the transaction of
// the change that causes the mail (platform/jobs/queue.ts), and the job calls the mailer.
import { createRequire } from "node:module";
import type nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import { nowIso, type Db } from "../db/connection.ts";

/**
 * headers: extra header lines for SMTP (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058); the outbox, which
 * keeps only what the owner reads, does not store them.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

export type SentMail = { id: number; transport: "smtp" | "outbox" };

/**
 * record: what the mails table keeps instead of the message, when the message holds a credential (a reset
 * link) that the owner's mail page must not show. The recipient gets the message; the row gets this.
 */
export type SendOptions = { record?: MailMessage };

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** Sends (or keeps) one message; throws when the SMTP server refuses it, so the job retries. */
  send(message: MailMessage, options?: SendOptions): Promise<SentMail>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = "Studium <no-reply@localhost>";

async function record(db: Db, message: MailMessage, transport: "smtp" | "outbox"): Promise<SentMail> {
  const now = nowIso();
  const row = await db
    .insertInto("mails")
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      transport,
      created_at: now,
      sent_at: transport === "smtp" ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, transport };
}

export function createOutboxMailer(db: Db): Mailer {
  return {
    transport: "outbox",
    send: (message, options) => record(db, options?.record ?? message, "outbox"),
    close() {},
  };
}

export function createSmtpMailer(db: Db, options: { url: string; from?: string }): Mailer {
  // The URL carries the credentials (smtp://user:pass@host:587); nodemailer reads them from it.
  // nodemailer (~5 MB of heap) is loaded only when SMTP is configured: the outbox needs none of it.
  const mailer = createRequire(import.meta.url)("nodemailer") as typeof nodemailer;
  const transporter = mailer.createTransport(options.url);
  const from = options.from || DEFAULT_MAIL_FROM;
  return {
    transport: "smtp",
    async send(message, options) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      // Sent: recorded after the fact. Should this insert fail, the job retries and the mail may go out
      // twice, which beats losing it.
      return record(db, options?.record ?? message, "smtp");
    },
    close: () => transporter.close(),
  };
}

export function createMailer(db: Db, config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(db, { url: config.SMTP_URL, from: config.MAIL_FROM })
    : createOutboxMailer(db);
}
