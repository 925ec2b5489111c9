// The EU withdrawal of a membership (issue 15; Directive 2023/2673) over real HTTP (SQLite, or PostgreSQL with
// TEST_DATABASE_URL), in an English and then a Polish school: within 14 days of signing up /my/membership offers
// "Withdraw from contract"; withdrawing ends the membership and its access now, owes back what was paid (shown in
// the admin's history of the member) and queues a dated acknowledgement in the school's language. After 14 days
// (the use-case's injected clock, and the row moved back for HTTP) it is neither offered nor accepted (422).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawMembership } from "#core/memberships/withdraw-membership.ts";
import { WITHDRAWAL_DAYS } from "#core/memberships/withdrawal.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeTopic } from "../helpers/community-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { createMonthlyPlan, subscribeNewStudent } from "./membership-flow-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let planId: number;
let topicId: number;

const DAY_MS = 86_400_000;
const texts = {
  en: {
    button: "Withdraw from contract",
    subject: "Confirmation: you withdrew from your Club membership",
    expired: "The 14 days to withdraw from this contract have passed.",
    history: "Withdrew from the contract (EU, within 14 days)",
    refund: "To refund to the member: €49.00",
  },
  pl: {
    button: "Odstąp od umowy",
    subject: "Potwierdzenie odstąpienia od umowy członkostwa w planie Club",
    expired: "Minęło 14 dni na odstąpienie od tej umowy.",
    history: "Odstąpienie od umowy (UE, w ciągu 14 dni)",
    refund: "Do zwrotu kursantowi: 49,00",
  },
} as const;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en", currency: "EUR" });
  topicId = await arrangeTopic(server.handle.db, { visibility: "restricted", title: "Members only" });
  planId = await createMonthlyPlan(admin, { name: "Club", price: "49.00", currency: "EUR", topic_ids: [topicId] });
});
afterAll(async () => {
  await server?.stop();
});

const subscribe = () => subscribeNewStudent(server, planId, "Wanda Withdraw");

async function membershipOf(id: number) {
  return server.handle.db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function mailsTo(email: string) {
  const jobs = await server.handle.db.selectFrom("jobs").select("payload").where("type", "=", "mail.send").execute();
  return jobs
    .map((job) => JSON.parse(job.payload) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email);
}

/** The school's language through the admin's settings (the server caches the school). */
async function useLanguage(lang: "en" | "pl") {
  await changeSettings(admin, englishSchool, { language: lang });
}

describe.each(["en", "pl"] as const)("in a school in %s", (lang) => {
  const text = texts[lang];

  it("within 14 days: offered, ends the membership and its access now, owes the refund, mails a dated note", async () => {
    await useLanguage(lang);
    const member = await subscribe();
    const page = await member.client.page("/my/membership");
    expect(page.html).toContain('data-testid="withdraw-membership"');
    expect(page.html).toContain(text.button);
    expect((await member.client.post(`/json/community/topics/${topicId}`)).status).toBe(200);

    // Another member cannot withdraw this one: 404, nothing changed.
    const other = await subscribe();
    const foreign = await other.client.post("/my/membership/withdraw", { membership_id: member.membershipId });
    expect(foreign.status).toBe(404);
    expect((await membershipOf(member.membershipId)).status).toBe("active");

    const withdrawn = await member.client.post("/my/membership/withdraw", { membership_id: member.membershipId });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body).toEqual({ membership_id: member.membershipId, refund_cents: 4900 });
    const row = await membershipOf(member.membershipId);
    expect(row).toMatchObject({ status: "finished", cancel_at_period_end: 0 });
    expect(row.withdrawn_at).not.toBeNull();
    expect(row.ended_at).toBe(row.withdrawn_at);
    expect((await member.client.post(`/json/community/topics/${topicId}`)).status).toBe(403);
    const json = await member.client.json("GET", "/my/membership");
    expect(json.body.memberships[0]).toMatchObject({ has_access: false, withdrawn_at: row.withdrawn_at });
    expect(json.body.memberships[0].actions.withdraw).toBe(false);

    // A second withdrawal changes nothing.
    expect((await member.client.post("/my/membership/withdraw", { membership_id: member.membershipId })).status).toBe(
      409,
    );

    const mails = (await mailsTo(member.email)).filter((mail) => mail.subject === text.subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(formatDate(row.withdrawn_at!, lang, "UTC"));

    const history = await admin.page(`/home/memberships/members/${member.membershipId}`);
    expect(history.html).toContain(text.history);
    expect(history.html).toContain(text.refund);
    const event = await server.handle.db
      .selectFrom("membership_events")
      .selectAll()
      .where("membership_id", "=", member.membershipId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ kind: "withdrawn", refund_cents: 4900 });
  });

  it("after 14 days: not offered, and the call answers 422 in the school's language", async () => {
    await useLanguage(lang);
    const member = await subscribe();
    const created = new Date(Date.now() - (WITHDRAWAL_DAYS * DAY_MS + 60_000)).toISOString();
    await server.handle.db
      .updateTable("memberships")
      .set({ created_at: created })
      .where("id", "=", member.membershipId)
      .execute();
    const page = await member.client.page("/my/membership");
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('data-testid="withdraw-membership"');
    const late = await member.client.post("/my/membership/withdraw", { membership_id: member.membershipId });
    expect(late.status).toBe(422);
    expect(late.body.errors.membership_id).toEqual([text.expired]);
    expect((await membershipOf(member.membershipId)).status).toBe("active");
  });
});

describe("the 14 days' edge, with the injected clock", () => {
  it("accepts at the last moment and refuses one millisecond later", async () => {
    const late = await subscribe();
    const early = await subscribe();
    const row = await membershipOf(late.membershipId);
    const deadline = Date.parse(row.created_at) + WITHDRAWAL_DAYS * DAY_MS;
    const actor = (id: number) => ({ kind: "student", userId: id }) as const;
    await expect(
      withdrawMembership(
        server.handle.db,
        actor(late.id),
        { membership_id: late.membershipId },
        new Date(deadline + 1).toISOString(),
      ),
    ).rejects.toMatchObject({ code: "validation" });
    expect((await membershipOf(late.membershipId)).status).toBe("active");
    const earlyRow = await membershipOf(early.membershipId);
    const result = await withdrawMembership(
      server.handle.db,
      actor(early.id),
      { membership_id: early.membershipId },
      new Date(Date.parse(earlyRow.created_at) + WITHDRAWAL_DAYS * DAY_MS).toISOString(),
    );
    expect(result.refund_cents).toBe(4900);
  });
});
