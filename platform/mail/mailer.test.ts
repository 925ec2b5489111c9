// Mail without SMTP_URL (kept in the outbox) and with it (a real SMTP server, started here on a random
// port, receives the message), and the 'mail.send' job that drives both.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bodyOf, startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import type { Db } from "../db/connection.ts";
import { registerJob } from "../jobs/define-job.ts";
import { enqueue } from "../jobs/queue.ts";
import { createWorker, type Logger } from "../jobs/worker.ts";
import { sendMailJob } from "./mail-job.ts";
import { createMailer, DEFAULT_MAIL_FROM } from "./mailer.ts";
import { findMail, listMails } from "./outbox.ts";

let database: UnitDatabase;
let db: Db;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await db.deleteFrom("mails").execute();
  await db.deleteFrom("jobs").execute();
});

const silent: Logger = { info() {}, warn() {}, error() {} };
const message = {
  to: "student@example.com",
  subject: "Reset your password",
  text: "Open http://localhost/reset-password?token=abc123 to reset.",
};

describe("without SMTP_URL: the outbox", () => {
  it("keeps each message in the mails table for the owner to read", async () => {
    const mailer = createMailer(db, { SMTP_URL: "", MAIL_FROM: "" });
    expect(mailer.transport).toBe("outbox");
    const sent = await mailer.send(message);
    const row = await findMail(db, sent.id);
    expect(row).toMatchObject({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: null,
      transport: "outbox",
      sent_at: null,
    });
  });

  it("lists newest first, 50 to a page", async () => {
    const mailer = createMailer(db, { SMTP_URL: "", MAIL_FROM: "" });
    for (let i = 1; i <= 53; i++) await mailer.send({ ...message, subject: `Mail ${i}` });
    const first = await listMails(db, 1);
    expect(first).toMatchObject({ total: 53, page: 1, pages: 2 });
    expect(first.mails).toHaveLength(50);
    expect(first.mails[0]!.subject).toBe("Mail 53");
    const second = await listMails(db, 2);
    expect(second.mails.map((m) => m.subject)).toEqual(["Mail 3", "Mail 2", "Mail 1"]);
    // Out-of-range pages show the nearest one.
    expect((await listMails(db, 99)).page).toBe(2);
    expect((await listMails(db, -1)).page).toBe(1);
  });
});

describe("with SMTP_URL: a real SMTP server", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: "mailer", pass: "smtp-pass-123" });
  });
  afterAll(() => smtp?.close());

  it("delivers the message with its to, subject and text, and records it as sent", async () => {
    const mailer = createMailer(db, {
      SMTP_URL: `smtp://mailer:smtp-pass-123@127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Test Academy <school@example.com>",
    });
    expect(mailer.transport).toBe("smtp");
    try {
      const sent = await mailer.send(message);
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.user).toBe("mailer");
      expect(mail.from).toBe("school@example.com");
      expect(mail.to).toEqual([message.to]);
      expect(mail.raw).toMatch(/^To: student@example\.com\r$/m);
      expect(mail.raw).toMatch(/^Subject: Reset your password\r$/m);
      expect(mail.raw).toMatch(/^From: Test Academy <school@example\.com>\r$/m);
      expect(mail.raw).toContain(message.text);
      const row = await findMail(db, sent.id);
      expect(row).toMatchObject({ to_address: message.to, subject: message.subject, transport: "smtp" });
      expect(row!.sent_at).not.toBeNull();
    } finally {
      mailer.close();
    }
  });

  it("keeps non-ASCII text intact", async () => {
    const mailer = createMailer(db, { SMTP_URL: smtp.url({ user: "mailer", pass: "smtp-pass-123" }), MAIL_FROM: "" });
    try {
      smtp.received.length = 0;
      const text = "Cześć Łucjo,\n\nzmień hasło tutaj: http://localhost/reset-password?token=źdźbło\n";
      await mailer.send({ ...message, text });
      expect(bodyOf(smtp.received[0]!.raw).replace(/\r\n/g, "\n").trimEnd()).toBe(text.trimEnd());
    } finally {
      mailer.close();
    }
  });

  it("sends from Studium <no-reply@localhost> when MAIL_FROM is empty", async () => {
    const mailer = createMailer(db, { SMTP_URL: `smtp://mailer:smtp-pass-123@127.0.0.1:${smtp.port}`, MAIL_FROM: "" });
    try {
      smtp.received.length = 0;
      await mailer.send(message);
      expect(DEFAULT_MAIL_FROM).toBe("Studium <no-reply@localhost>");
      expect(smtp.received[0]!.raw).toMatch(/^From: Studium <no-reply@localhost>\r$/m);
    } finally {
      mailer.close();
    }
  });

  it("runs as the 'mail.send' job; a refused message is retried, then delivered", async () => {
    const mailer = createMailer(db, { SMTP_URL: `smtp://mailer:smtp-pass-123@127.0.0.1:${smtp.port}`, MAIL_FROM: "" });
    const worker = createWorker({
      db,
      dialect: database.handle.dialect,
      log: silent,
      jobs: [registerJob(sendMailJob, { mailer })],
    });
    try {
      smtp.received.length = 0;
      smtp.refuse(true);
      const id = await enqueue(db, sendMailJob, message);
      await worker.runOnce();
      const failed = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ status: "pending", attempts: 1 });
      expect(failed.last_error).toMatch(/550/);
      expect(await db.selectFrom("mails").selectAll().execute()).toEqual([]);

      smtp.refuse(false);
      await db.updateTable("jobs").set({ run_at: new Date().toISOString() }).where("id", "=", id).execute();
      await worker.runOnce();
      expect((await db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(
        "done",
      );
      expect(smtp.received).toHaveLength(1);
      expect(await db.selectFrom("mails").select(["transport", "to_address"]).execute()).toEqual([
        { transport: "smtp", to_address: message.to },
      ]);
    } finally {
      mailer.close();
    }
  });

  it("fails (so the job retries) when the SMTP server rejects the login", async () => {
    const mailer = createMailer(db, { SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, MAIL_FROM: "" });
    try {
      await expect(mailer.send(message)).rejects.toThrow();
      expect(await db.selectFrom("mails").selectAll().execute()).toEqual([]);
    } finally {
      mailer.close();
    }
  });
});

describe("the 'mail.send' job without SMTP", () => {
  it("puts the message in the outbox and logs no part of its body", async () => {
    const entries: unknown[] = [];
    const log: Logger = {
      info: (o, m) => void entries.push([o, m]),
      warn: (o, m) => void entries.push([o, m]),
      error: (o, m) => void entries.push([o, m]),
    };
    const mailer = createMailer(db, { SMTP_URL: "", MAIL_FROM: "" });
    const worker = createWorker({
      db,
      dialect: database.handle.dialect,
      log,
      jobs: [registerJob(sendMailJob, { mailer })],
    });
    const id = await enqueue(db, sendMailJob, message);
    await worker.runOnce();
    expect((await db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(
      "done",
    );
    expect(await db.selectFrom("mails").select(["to_address", "subject", "text_body", "transport"]).execute()).toEqual([
      { to_address: message.to, subject: message.subject, text_body: message.text, transport: "outbox" },
    ]);
    expect(JSON.stringify(entries)).not.toContain("abc123");
  });
});
