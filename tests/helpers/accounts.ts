// Arranging and reading account state for the accounts integration tests: school switches through the
// admin API, the reset e-mails from the job outbox, and a student who logs in from a second device.
import { createHmac } from "node:crypto";
import { expect } from "vitest";
import { BrowserClient } from "./browser-client.ts";
import { rememberSecret } from "./log-scan.ts";
import { TEST_SECRET_KEY, type TestServer } from "./test-server.ts";

export type SchoolSettings = {
  name: string;
  language: "en" | "pl";
  currency: string;
  login_enabled: boolean;
  registration_enabled: boolean;
};

/** PUT /home/settings as the admin, starting from the given current settings. */
export async function changeSettings(admin: BrowserClient, current: SchoolSettings, change: Partial<SchoolSettings>) {
  const response = await admin.json("PUT", "/home/settings", { ...current, ...change });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export const englishSchool: SchoolSettings = {
  name: "Test Academy",
  language: "en",
  currency: "EUR",
  login_enabled: true,
  registration_enabled: true,
};

/** A visitor who has loaded a page (so it holds the page's CSRF token). */
export async function visitor(server: TestServer, path = "/login"): Promise<BrowserClient> {
  const client = new BrowserClient(server.url);
  await client.page(path);
  return client;
}

/** Logs in from a new browser; fails the test unless it succeeds. */
export async function logInAs(server: TestServer, email: string, password: string): Promise<BrowserClient> {
  const client = await visitor(server);
  const response = await client.post("/login", { email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return client;
}

export type MailJob = { id: number; to: string; subject: string; text: string };

/** A queued reset mail ('mail.password_reset'): no link in it, only the reference the server derives it from. */
export type ResetMailJob = { id: number; to: string; reference: string; baseUrl: string };

/** The 'mail.send' jobs queued for one address, oldest first. */
export async function mailJobsTo(server: TestServer, to: string): Promise<MailJob[]> {
  const rows = await server.handle.db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("type", "=", "mail.send")
    .orderBy("id")
    .execute();
  return rows
    .map((row) => ({ id: row.id, ...(JSON.parse(row.payload) as { to: string; subject: string; text: string }) }))
    .filter((mail) => mail.to === to);
}

/** The reset mails ('mail.password_reset' jobs) queued for one address, oldest first. */
export async function resetMailsTo(server: TestServer, to: string): Promise<ResetMailJob[]> {
  const rows = await server.handle.db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("type", "=", "mail.password_reset")
    .orderBy("id")
    .execute();
  return rows
    .map((row) => ({ id: row.id, ...(JSON.parse(row.payload) as Omit<ResetMailJob, "id">) }))
    .filter((mail) => mail.to === to);
}

/**
 * The token of a reset mail's link, derived as the server derives it when it sends the mail
 * (core/accounts/tokens.ts resetTokenFor: HMAC-SHA256 of the reference under SECRET_KEY).
 */
export function resetTokenIn(mail: ResetMailJob): string {
  const token = createHmac("sha256", Buffer.from(TEST_SECRET_KEY, "utf8"))
    .update(`password-reset:${mail.reference}`)
    .digest("base64url");
  rememberSecret(token);
  return token;
}

/** Asks for a reset link and returns the token from the e-mail it queues. */
export async function requestResetToken(server: TestServer, email: string): Promise<string> {
  const before = (await resetMailsTo(server, email)).length;
  const client = await visitor(server, "/forgot-password");
  const response = await client.post("/forgot-password", { email });
  expect(response.status).toBe(200);
  const mails = await resetMailsTo(server, email);
  expect(mails.length).toBe(before + 1);
  return resetTokenIn(mails.at(-1)!);
}

/** Makes the user's reset links look older, as if the one-a-minute resend pause had passed. */
export async function ageResetLinks(server: TestServer, email: string, ms = 2 * 60_000): Promise<void> {
  const user = await server.handle.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  await server.handle.db
    .updateTable("password_resets")
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where("user_id", "=", user.id)
    .execute();
}

/** GET /my/account: 200 with the user when the session works, 401 when it does not. */
export function whoAmI(client: BrowserClient) {
  return client.json("GET", "/my/account");
}
