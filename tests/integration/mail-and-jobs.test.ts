// The job worker inside `npm start`, the mail outbox and the admin's mail and jobs pages, on a real server:
// a reset request becomes a job, the worker turns it into an outbox mail, the owner reads it (and its link)
// on /home/mail; a failing job ends up on /home/jobs and POST /home/jobs/:id/retry puts it back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { bodyOf, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
const studentAccount = { name: "Mia Mail", email: "mia@example.com", password: "mia-secret-1" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server, studentAccount);
});
afterAll(() => server?.stop());

const db = () => server.handle.db;
const jobRow = (id: number) => db().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function logInAsOwner(target: TestServer) {
  const client = new BrowserClient(target.url);
  await client.page("/login");
  expect((await client.post("/login", { email: owner.email, password: owner.password })).status).toBe(200);
  return client;
}

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

describe("mail outbox", () => {
  let mail: { id: number; subject: string; text_body: string; created_at: string; transport: string };

  it("a password reset request puts a mail in the outbox (the worker ran the mail job)", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.page("/forgot-password");
    const response = await visitor.post("/forgot-password", { email: studentAccount.email });
    expect(response.status).toBe(200);
    mail = await waitFor(() =>
      db().selectFrom("mails").selectAll().where("to_address", "=", studentAccount.email).executeTakeFirst(),
    );
    expect(mail.transport).toBe("outbox");
    // The kept mail is the owner's record, not a way into the student's account: the link is withheld.
    expect(mail.text_body).toContain("[the link is sent only to the recipient and not kept here]");
    expect(mail.text_body).not.toMatch(/\/reset-password\?token=/);
    const job = await waitFor(() =>
      db().selectFrom("jobs").selectAll().where("type", "=", "mail.password_reset").executeTakeFirst(),
    );
    expect(job.payload).not.toMatch(/token=/);
    await waitFor(async () => (await jobRow(job.id)).status === "done");
    expect(server.logs.some((l) => l.msg === "job worker started")).toBe(true);
  });

  it("the admin reads it on /home/mail, with the date in the school's language, and no reset link", async () => {
    const list = await admin.page("/home/mail");
    expect(list.status).toBe(200);
    expect(list.html).toContain(escapeHtml(mail.subject));
    expect(list.html).toContain(studentAccount.email);
    expect(list.html).toContain(escapeHtml(formatDateTime(mail.created_at, "en")));
    expect(list.html).toContain(`href="/home/mail?id=${mail.id}"`);
    expect(list.html).not.toContain("reset-password?token=");

    const opened = await admin.page(`/home/mail?id=${mail.id}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(escapeHtml("[the link is sent only to the recipient and not kept here]"));
    expect(opened.html).not.toContain("reset-password?token=");

    const jobs = await admin.page("/home/jobs");
    expect(jobs.html).not.toContain("reset-password?token=");
  });

  it("shows 50 mails a page, newest first", async () => {
    const existing = Number(
      (
        await db()
          .selectFrom("mails")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    await db()
      .insertInto("mails")
      .values(
        Array.from({ length: 60 - existing }, (_, i) => ({
          to_address: `bulk${i}@example.com`,
          subject: `Bulk ${i}`,
          text_body: "x",
          html_body: null,
          transport: "outbox" as const,
          created_at: new Date(base + i * 1000).toISOString(),
          sent_at: null,
        })),
      )
      .execute();
    const first = await admin.page("/home/mail");
    const second = await admin.page("/home/mail?page=2");
    const ids = (html: string) => [...html.matchAll(/data-mail-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids(first.html)).toHaveLength(50);
    expect(ids(second.html)).toHaveLength(10);
    expect(first.html).toContain("Page 1 of 2");
    expect(second.html).toContain('href="/home/mail"');
    // The reset mail (newest) is first; the oldest bulk mail is last on page 2.
    expect(ids(first.html)[0]).toBe(mail.id);
    expect(second.html).toContain("Bulk 0");
    expect(first.html).not.toContain("Bulk 0<");
  });

  it("is for admins only: a student gets 404, a visitor is sent to log in", async () => {
    expect((await student.page("/home/mail")).status).toBe(404);
    expect((await student.page(`/home/mail?id=${mail.id}`)).html).not.toContain("reset-password?token=");
    const visitor = new BrowserClient(server.url);
    const response = await visitor.raw("/home/mail", { headers: { accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?next=%2Fhome%2Fmail");
  });
});

describe("jobs", () => {
  let failedId: number;

  it("a job that keeps failing is kept as failed and shown on /home/jobs", async () => {
    // A stored mail job without an address (enqueue refuses to write one; an older version of the code might
    // have): its payload does not parse, so the worker fails it at once, with the reason.
    const now = new Date().toISOString();
    const inserted = await db()
      .insertInto("jobs")
      .values({
        type: "mail.send",
        payload: JSON.stringify({ to: null, subject: "Broken", text: "x" }),
        status: "pending",
        attempts: 0,
        max_attempts: 3,
        run_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    failedId = inserted.id;
    const failed = await waitFor(async () => {
      const row = await jobRow(failedId);
      return row.status === "failed" ? row : undefined;
    });
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBe(
      "invalid payload for job 'mail.send': to: Invalid input: expected string, received null",
    );

    const page = await admin.page("/home/jobs");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`data-job-id="${failedId}"`);
    expect(page.html).toContain(escapeHtml(failed.last_error!));
    expect(page.html).toContain(`action="/home/jobs/${failedId}/retry"`);
    expect(page.html).toContain("1 of 3");
    expect(page.html).toMatch(/data-status="failed"[^>]*>.*?>1<\/dd>/s);
  });

  it("lists waiting jobs", async () => {
    const waiting = await enqueue(
      db(),
      sendMailJob,
      { to: "later@example.com", subject: "Later", text: "x" },
      { delayMs: 3600_000 },
    );
    const page = await admin.page("/home/jobs");
    expect(page.html).toContain(`data-job-id="${waiting}"`);
    await db().deleteFrom("jobs").where("id", "=", waiting).execute();
  });

  it("POST /home/jobs/:id/retry puts a failed job back to pending with fresh attempts", async () => {
    const before = await jobRow(failedId);
    await admin.page("/home/jobs");
    const response = await admin.post(`/home/jobs/${failedId}/retry`);
    expect(response.status).toBe(200);
    expect(response.body.job).toMatchObject({ id: failedId, status: "pending", attempts: 0 });
    // The worker runs it again (and, still broken, it fails again after one new attempt).
    await waitFor(async () => {
      const row = await jobRow(failedId);
      return row.status === "failed" && row.updated_at > before.updated_at;
    });
    expect((await jobRow(failedId)).attempts).toBe(1);
  });

  it("answers 409 for a job that has not failed", async () => {
    const done = await db().selectFrom("jobs").select("id").where("status", "=", "done").executeTakeFirstOrThrow();
    const response = await admin.post(`/home/jobs/${done.id}/retry`);
    expect(response.status).toBe(409);
    expect((await jobRow(done.id)).status).toBe("done");
  });

  it("answers 419 without the CSRF token, 401 to a visitor, 403 to a student, 404 for an unknown job", async () => {
    const url = `/home/jobs/${failedId}/retry`;
    expect((await admin.post(url, {}, { csrf: false })).status).toBe(419);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.post(url)).status).toBe(401);
    await student.page("/my");
    expect((await student.post(url)).status).toBe(403);
    expect((await admin.post("/home/jobs/999999/retry")).status).toBe(404);
    expect((await admin.post("/home/jobs/abc/retry")).status).toBe(404);
    expect((await jobRow(failedId)).status).toBe("failed");
  });

  it("a student gets 404 on /home/jobs", async () => {
    expect((await student.page("/home/jobs")).status).toBe(404);
  });

  it("the plain form (before the page's script runs) retries and comes back to the page", async () => {
    await admin.page("/home/jobs");
    const response = await admin.raw(`/home/jobs/${failedId}/retry`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: admin.csrfToken }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/home/jobs?retried=1");
    const page = await admin.page("/home/jobs?retried=1");
    expect(page.html).toContain("The job will run again in a moment.");
  });
});

describe("with SMTP_URL", () => {
  let smtp: TestSmtpServer;
  let smtpServer: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer({ user: "school", pass: "smtp-secret-pass" });
    smtpServer = await startTestServer({
      SMTP_URL: smtp.url({ user: "school", pass: "smtp-secret-pass" }),
      MAIL_FROM: "Test Academy <hello@school.example>",
    });
    await setUpSchool(smtpServer, { language: "en" });
    await registerStudent(smtpServer, studentAccount);
  });
  afterAll(async () => {
    await smtpServer?.stop();
    await smtp?.close();
  });

  it("sends the reset mail through SMTP and records it as sent; the password of SMTP_URL is never logged", async () => {
    const visitor = new BrowserClient(smtpServer.url);
    await visitor.page("/forgot-password");
    expect((await visitor.post("/forgot-password", { email: studentAccount.email })).status).toBe(200);
    const received = await waitFor(() => smtp.received.find((m) => m.to.includes(studentAccount.email)));
    expect(received.user).toBe("school");
    expect(received.raw).toMatch(/^From: Test Academy <hello@school\.example>\r$/m);
    expect(received.raw).toMatch(/^To: mia@example\.com\r$/m);
    const row = await waitFor(() =>
      smtpServer.handle.db
        .selectFrom("mails")
        .selectAll()
        .where("to_address", "=", studentAccount.email)
        .executeTakeFirst(),
    );
    expect(row.transport).toBe("smtp");
    expect(row.sent_at).not.toBeNull();
    // The recipient gets the working link; the recorded row keeps the mail without it.
    const link = /(http:\/\/\S+\/reset-password\?token=[^\s]+)/.exec(bodyOf(received.raw))![1]!;
    const token = new URL(link).searchParams.get("token")!;
    expect(row.text_body).not.toContain(token);
    expect(row.text_body).toContain("[the link is sent only to the recipient and not kept here]");
    const jobs = await smtpServer.handle.db.selectFrom("jobs").select("payload").execute();
    expect(JSON.stringify(jobs)).not.toContain(token);
    const follower = new BrowserClient(smtpServer.url);
    expect((await follower.page(new URL(link).pathname + new URL(link).search)).html).not.toContain(
      "This password reset link is invalid",
    );
    expect(received.raw).toContain(`Subject: ${row.subject}`);

    const admin = await logInAsOwner(smtpServer);
    const page = await admin.page("/home/mail");
    expect(page.html).toContain(escapeHtml(row.subject));
    expect(page.html).toContain("E-mails the school has sent through SMTP");
    await waitFor(() => smtpServer.logs.some((line) => line.msg === "mail sent"));
    expect(smtpServer.output()).not.toContain("smtp-secret-pass");
  });
});
