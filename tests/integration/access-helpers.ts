// Arranging team purchases and reading invitation e-mails in the access manager and admin transactions tests.
import { expect } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { rememberSecret } from "../helpers/log-scan.ts";
import type { TestServer } from "../helpers/test-server.ts";
import { checkoutCourse, transactionByHash } from "./selling-helpers.ts";

/** Buys `quantity` seats of a course as the client's user through the test provider and pays; returns the transaction. */
export async function buyTeamPurchase(
  server: TestServer,
  client: BrowserClient,
  slug: string,
  quantity: number,
  options: { pay?: boolean } = {},
) {
  const checkout = await checkoutCourse(client, slug, { quantity });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const hash = checkout.body.hash as string;
  if (options.pay !== false) {
    const paid = await client.post(`/payments/test/${hash}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
  return transactionByHash(server, hash);
}

/** The invitation link last mailed to `to` (from the mail.send job's text). */
export async function invitationLinkFor(
  server: TestServer,
  to: string,
): Promise<{ path: string; token: string; subject: string; text: string }> {
  const rows = await server.handle.db
    .selectFrom("jobs")
    .select(["payload"])
    .where("type", "=", "mail.send")
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) {
    const mail = JSON.parse(row.payload) as { to: string; subject: string; text: string };
    if (mail.to !== to) continue;
    const match = /https?:\/\/[^\s]+(\/invitations\/([A-Za-z0-9_-]+))/.exec(mail.text);
    if (!match) continue;
    rememberSecret(match[2]);
    return { path: match[1]!, token: match[2]!, subject: mail.subject, text: mail.text };
  }
  throw new Error(`no invitation mail to ${to}`);
}

export async function courseAccessOf(server: TestServer, email: string, courseId: number) {
  return server.handle.db
    .selectFrom("course_access as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select(["a.source", "a.ends_at", "a.revoked_at", "a.reason"])
    .where("u.email", "=", email)
    .where("a.course_id", "=", courseId)
    .executeTakeFirst();
}
