// The member's card update (issue 15 item 5; spec §7 POST /my/membership/card {cypher} -> {redirect}, errors
// under `cypher`, `sale`, `membership`, `card` with §8's texts) over real HTTP on the test database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL), with the built-in test provider as the card processor: the cypher is made as
// the browser makes it (JSEncrypt, the school's public key from GET /my/membership/card) and read back by the
// test processor with openssl. Updating the card of a past-due membership pays the open charge at once, exactly
// once, through the renewal's claim of the period's charge row.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenChargers } from "#core/memberships/billing.ts";
import { encryptCard, type RsaEncryptor } from "#core/memberships/card/encrypt-card.ts";
import { testCards } from "#core/memberships/card/test-cards.ts";
import { renewMembership } from "#core/memberships/renew-membership.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import { nowIso } from "#platform/db/connection.ts";
import en from "../../locales/en/card.json" with { type: "json" };
import pl from "../../locales/pl/card.json" with { type: "json" };
import type { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

const JSEncrypt = createRequire(import.meta.url)("jsencrypt") as new () => RsaEncryptor;

let server: TestServer;
let admin: BrowserClient;
let planId: number;
let publicKey: string;

const nextYear = String(new Date().getUTCFullYear() + 2);

function cypherOf(cardNumber: string, cvv = cardNumber.startsWith("3") ? "1234" : "737") {
  const cypher = encryptCard(
    { cardNumber, cardMonth: "11", cardYear: nextYear, cardCvv: cvv },
    { origin: server.url, publicKeyBase64: publicKey, encryptor: new JSEncrypt() },
  );
  if (!cypher) throw new Error(`no cypher for ${cardNumber}`);
  return cypher;
}

async function membershipOf(id: number) {
  return server.handle.db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function chargesOf(id: number) {
  return server.handle.db
    .selectFrom("membership_charges")
    .selectAll()
    .where("membership_id", "=", id)
    .orderBy("period_number")
    .execute();
}

/** A student who subscribed through the test provider with the given simulated card. */
async function subscribe(card: "ok" | "decline" = "ok") {
  const student = await newStudent(server);
  await student.client.page(`/subscribe/checkout?plan=${planId}`);
  const start = await student.client.post("/subscribe/checkout", { plan: planId, terms: true });
  expect((await student.client.post(`${start.body.redirect}/pay`, { card })).status).toBe(200);
  return { ...student, membershipId: start.body.membership_id as number };
}

/** A member whose renewal has just been declined (the period ended an hour ago): past due, the charge open. */
async function pastDueMember() {
  const member = await subscribe("decline");
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  await server.handle.db
    .updateTable("memberships")
    .set({ current_period_end: hourAgo })
    .where("id", "=", member.membershipId)
    .execute();
  const chargers: TokenChargers = { get: (name) => (name === "test" ? testTokenCharger : null) };
  expect(await renewMembership(server.handle.db, chargers, { membershipId: member.membershipId, period: 2 })).toBe(
    "retrying",
  );
  return member;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  const created = await admin.post("/home/memberships", {
    name: "Card club",
    description: "Monthly",
    price: "30.00",
    vat_rate: 23,
    currency: "PLN",
    period_months: 1,
    trial_days: 0,
    signups_open: 1,
  });
  expect(created.status).toBe(200);
  planId = created.body.membership_plan.id;
});

afterAll(async () => {
  await server?.stop();
});

describe("the card update page's data", () => {
  it("gives the member their membership, its card and the public key; another user's membership is a 404", async () => {
    const member = await subscribe();
    const view = await member.client.json("GET", "/my/membership/card");
    expect(view.status).toBe(200);
    expect(view.body.membership).toMatchObject({
      id: member.membershipId,
      status: "active",
      card: { brand: "visa", last4: "4242" },
      open_charge: null,
    });
    publicKey = view.body.public_key;
    expect(Buffer.from(publicKey, "base64").toString()).toContain("-----BEGIN PUBLIC KEY-----");
    const page = await member.client.page("/my/membership/card");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Update your card");

    const other = await newStudent(server);
    expect((await other.client.json("GET", `/my/membership/card?membership=${member.membershipId}`)).status).toBe(404);
    await other.client.page("/my");
    const foreign = await other.client.post("/my/membership/card", {
      membership_id: member.membershipId,
      cypher: cypherOf("4111111111111111"),
    });
    expect(foreign.status).toBe(404);
    expect((await other.client.page(`/my/membership/card?membership=${member.membershipId}`)).status).toBe(404);
    // Someone with no membership is told so under `membership`.
    const none = await other.client.post("/my/membership/card", { cypher: cypherOf("4111111111111111") });
    expect(none.status).toBe(422);
    expect(none.body.errors.membership).toEqual(["You have no membership whose card can be changed."]);
  });

  it("is for signed-in members only", async () => {
    const { BrowserClient } = await import("../helpers/browser-client.ts");
    const visitor = new BrowserClient(server.url);
    expect((await visitor.json("GET", "/my/membership/card")).status).toBe(401);
    expect((await visitor.post("/my/membership/card", { cypher: "x" })).status).toBe(401);
  });
});

describe("POST /my/membership/card", () => {
  it("saves a valid card: token, brand, last digits and expiry; renewals then charge the new token", async () => {
    const member = await subscribe();
    const before = await membershipOf(member.membershipId);
    const answer = await member.client.post("/my/membership/card", { cypher: cypherOf("5555555555554444") });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      redirect: "/my/membership?card=updated",
      membership_id: member.membershipId,
      charged: false,
    });
    const after = await membershipOf(member.membershipId);
    expect(after).toMatchObject({
      card_brand: "mastercard",
      card_last4: "4444",
      card_exp_month: 11,
      card_exp_year: Number(nextYear),
      status: "active",
    });
    expect(after.provider_token).toMatch(/^test_card_ok_/);
    expect(after.provider_token).not.toBe(before.provider_token);
    // Nothing was due: no charge was made.
    expect(await chargesOf(member.membershipId)).toHaveLength(1);
    // The next renewal charges the new token.
    const tokens: string[] = [];
    const recording: TokenChargers = {
      get: () => ({
        name: "test",
        chargeToken: async (charge) => {
          tokens.push(charge.token);
          return testTokenCharger.chargeToken(charge);
        },
      }),
    };
    const end = after.current_period_end!;
    expect(
      await renewMembership(server.handle.db, recording, { membershipId: member.membershipId, period: 2 }, end),
    ).toBe("paid");
    expect(tokens).toEqual([after.provider_token]);
    // American Express keeps the key the membership page knows.
    const amex = await member.client.post("/my/membership/card", { cypher: cypherOf("378282246310005") });
    expect(amex.status).toBe(200);
    expect(await membershipOf(member.membershipId)).toMatchObject({ card_brand: "amex", card_last4: "0005" });
  });

  it("answers each §8 failure under its key, in English and in Polish, and keeps the old card", async () => {
    const member = await subscribe();
    const before = await membershipOf(member.membershipId);
    const failures = testCards.filter((card) => card.outcome !== "paid" && card.outcome !== "three_ds");
    expect(failures.length).toBeGreaterThanOrEqual(12);
    const keyOf = (outcome: string) =>
      ["card_invalid", "check_details"].includes(outcome)
        ? "cypher"
        : ["sale_error", "transaction_error"].includes(outcome)
          ? "sale"
          : "card";
    // The page's language is the school's: every failure in English, then in Polish.
    for (const [lang, messages] of [
      ["en", en],
      ["pl", pl],
    ] as const) {
      await server.handle.db.updateTable("school").set({ language: lang }).execute();
      await waitFor(async () => (await member.client.page("/my/membership/card")).html.includes(`lang="${lang}"`));
      for (const card of failures) {
        const answer = await member.client.post("/my/membership/card", { cypher: cypherOf(card.number) });
        expect(answer.status, card.outcome).toBe(422);
        const expected = messages[`failure_${card.outcome}` as keyof typeof messages];
        expect(answer.body.errors, `${lang} ${card.outcome}`).toEqual({ [keyOf(card.outcome)]: [expected] });
        expect(answer.body.message).toBe(expected);
      }
    }
    await server.handle.db.updateTable("school").set({ language: "en" }).execute();
    await waitFor(async () => (await member.client.page("/my/membership/card")).html.includes('lang="en"'));
    expect(await membershipOf(member.membershipId)).toMatchObject({
      provider_token: before.provider_token,
      card_last4: before.card_last4,
    });
  }, 90_000);

  it("refuses a missing cypher with 'Please check your card details.' and a damaged one as not valid", async () => {
    const member = await subscribe();
    const missing = await member.client.post("/my/membership/card", {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ cypher: ["Please check your card details."] });
    const noise = await member.client.post("/my/membership/card", { cypher: "bm90IGEgY3lwaGVy" });
    expect(noise.body.errors).toEqual({ cypher: ["Card data is not valid"] });
    // One block of the right size that the key did not make: the processor cannot read it.
    const good = cypherOf("4111111111111111");
    const flipped = Buffer.from(good, "base64");
    flipped[20] = flipped[20]! ^ 0xff;
    const damaged = await member.client.post("/my/membership/card", { cypher: flipped.toString("base64") });
    expect(damaged.body.errors).toEqual({ cypher: ["Card data is not valid"] });
  });

  it("tells an ended membership's member under `membership`", async () => {
    const member = await subscribe();
    await server.handle.db
      .updateTable("memberships")
      .set({ status: "expired" })
      .where("id", "=", member.membershipId)
      .execute();
    const answer = await member.client.post("/my/membership/card", {
      membership_id: member.membershipId,
      cypher: cypherOf("4111111111111111"),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      membership: ["This membership no longer renews, so its card cannot be changed."],
    });
  });
});

describe("updating the card of a past-due membership", () => {
  it("pays the open charge at once, exactly once, and the renewal then finds it paid", async () => {
    const member = await pastDueMember();
    const [, open] = await chargesOf(member.membershipId);
    expect(open).toMatchObject({ period_number: 2, status: "failed", attempts: 1 });
    const view = await member.client.json("GET", "/my/membership/card");
    expect(view.body.membership.open_charge).toEqual({ amount_cents: 3000, currency: "PLN" });

    const answer = await member.client.post("/my/membership/card", { cypher: cypherOf("4111111111111111") });
    expect(answer.status).toBe(200);
    expect(answer.body.charged).toBe(true);
    const charges = await chargesOf(member.membershipId);
    expect(charges).toHaveLength(2);
    expect(charges[1]).toMatchObject({ id: open!.id, status: "succeeded", attempts: 2, next_retry_at: null });
    expect(await membershipOf(member.membershipId)).toMatchObject({ status: "active", period_number: 2 });
    // The renewal job of that period (its retry would have been tomorrow) finds nothing to charge.
    let calls = 0;
    const counting: TokenChargers = {
      get: () => ({
        name: "test",
        chargeToken: async (charge) => {
          calls += 1;
          return testTokenCharger.chargeToken(charge);
        },
      }),
    };
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      await renewMembership(server.handle.db, counting, { membershipId: member.membershipId, period: 2 }, tomorrow),
    ).toBe("skipped");
    expect(calls).toBe(0);
    // A second card update now pays nothing.
    const again = await member.client.post("/my/membership/card", { cypher: cypherOf("5555555555554444") });
    expect(again.body.charged).toBe(false);
    expect((await chargesOf(member.membershipId)).filter((c) => c.status === "succeeded")).toHaveLength(2);
  });

  it("charges once when two card updates race", async () => {
    const member = await pastDueMember();
    const [first, second] = await Promise.all([
      member.client.post("/my/membership/card", { cypher: cypherOf("4111111111111111") }),
      member.client.post("/my/membership/card", { cypher: cypherOf("5555555555554444") }),
    ]);
    const charged = [first.body.charged, second.body.charged].filter((value) => value === true);
    expect(charged).toHaveLength(1);
    const charges = await chargesOf(member.membershipId);
    expect(charges.map((c) => c.status)).toEqual(["succeeded", "succeeded"]);
    expect(charges[1]!.attempts).toBe(2);
  });

  it("keeps the dunning's days when the new card is declined", async () => {
    const member = await pastDueMember();
    const [, open] = await chargesOf(member.membershipId);
    const answer = await member.client.post("/my/membership/card", { cypher: cypherOf("4000000000009995") });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ card: ["Insufficient funds"] });
    const [, after] = await chargesOf(member.membershipId);
    expect(after).toMatchObject({ status: "failed", attempts: 1, next_retry_at: open!.next_retry_at });
    expect(await membershipOf(member.membershipId)).toMatchObject({ status: "past_due", period_number: 1 });
    expect(nowIso() < open!.next_retry_at!).toBe(true);
  });
});
