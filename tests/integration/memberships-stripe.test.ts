// Memberships through Stripe Billing (issue 15) over real HTTP against the stateful Stripe fake, on the test
// database (SQLite, or PostgreSQL with TEST_DATABASE_URL): subscribe -> Stripe's hosted page -> signed webhooks ->
// active with access; a renewal's invoice.paid extends; invoice.payment_failed -> past_due, then the subscription
// deleted -> expired and access gone; replayed and reordered events change nothing twice; cancel at period end and
// resume reach Stripe; a card update through a setup session pays the open invoice; our own renewal scan never
// charges a Stripe membership. Stripe's side moves through the fake (tests/fakes/stripe-billing.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSettings } from "#core/integrations/integration-records.ts";
import { scanRenewals } from "#core/memberships/scan-renewals.ts";
import { loadSecret } from "#platform/security/secret.ts";
import { type FakeFakturownia, startFakeFakturownia } from "#tests/fakes/fakturownia.ts";
import { STRIPE_CARDS, startStripeFake, type StripeFake } from "#tests/fakes/stripe.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, TEST_SECRET_KEY, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let stripe: StripeFake;
/** The school invoices with Fakturownia: each period Stripe bills gets its invoice (issue 15). */
let fakturownia: FakeFakturownia;
let admin: BrowserClient;
let course: { id: number; slug: string; lectures: { Paid: number } };
let planId: number;

async function enableStripe() {
  const now = new Date().toISOString();
  await server.handle.db
    .insertInto("integrations")
    .values({
      kind: "payment",
      provider: "stripe",
      enabled: 1,
      settings: sealSettings(loadSecret({ secretKey: TEST_SECRET_KEY, dataDir: "" }), "stripe", stripe.settings),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function createPlan(overrides: Record<string, unknown> = {}): Promise<number> {
  const created = await admin.post("/home/memberships", {
    name: "Stripe club",
    description: "Billed by Stripe",
    price: "49.99",
    vat_rate: 23,
    currency: "EUR",
    period_months: 1,
    trial_days: 0,
    signups_open: 1,
    course_ids: [course.id],
    product_ids: [],
    topic_ids: [],
    ...overrides,
  });
  expect(created.status).toBe(200);
  return created.body.membership_plan.id;
}

const membershipOf = (id: number) =>
  server.handle.db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const chargesOf = (id: number) =>
  server.handle.db
    .selectFrom("membership_charges")
    .selectAll()
    .where("membership_id", "=", id)
    .orderBy("period_number")
    .execute();

const watches = async (client: BrowserClient) =>
  (await client.post(`/lecture/${course.lectures.Paid}/watch`)).status === 200;

/** The buyer presses the hosted page's button (the fake then posts its signed events to our webhook). */
async function pressOnStripe(redirect: string): Promise<void> {
  const html = await (await fetch(redirect)).text();
  const action = /<form[^>]*action="([^"]*\/complete)"/.exec(html)?.[1];
  if (!action) throw new Error(`no button on ${redirect}`);
  const answer = await fetch(new URL(action, redirect), { method: "POST", redirect: "manual" });
  expect(answer.status).toBe(303);
}

/** A student subscribes to the plan through Stripe; the events are delivered by the hosted page. */
async function subscribe(plan = planId) {
  const student = await newStudent(server);
  await student.client.page(`/subscribe/checkout?plan=${plan}`);
  const start = await student.client.post("/stripe/subscribe/checkout", { plan, terms: true });
  expect(start.status).toBe(200);
  expect(start.body.redirect.startsWith(`${stripe.url}/c/pay/cs_test_`)).toBe(true);
  const membershipId = start.body.membership_id as number;
  expect(await membershipOf(membershipId)).toMatchObject({ status: "STARTED", provider: "stripe" });
  await pressOnStripe(start.body.redirect);
  await waitFor(async () => (await membershipOf(membershipId)).provider_subscription_ref);
  const subscriptionId = (await membershipOf(membershipId)).provider_subscription_ref!;
  return { ...student, membershipId, subscriptionId, hash: start.body.hash as string };
}

beforeAll(async () => {
  stripe = await startStripeFake();
  fakturownia = await startFakeFakturownia({ account: "akademia", apiToken: "fk-stripe-token-0001" });
  server = await startTestServer({
    PAYMENTS_BASE_URL_STRIPE: stripe.url,
    INVOICING_BASE_URL_FAKTUROWNIA: fakturownia.baseUrl,
  });
  stripe.setWebhookUrl(`${server.url}/payments/stripe/notify`);
  admin = await setUpSchool(server);
  await enableStripe();
  const invoicing = await admin.post("/home/integrations", {
    provider: "fakturownia",
    settings: { account: "akademia", api_token: "fk-stripe-token-0001" },
  });
  expect(invoicing.status).toBe(200);
  course = await arrangeDiscussionCourse(server.handle.db, { lectures: { Paid: { access: "paid" } } });
  planId = await createPlan();
}, 60_000);

afterAll(async () => {
  const unhandled = stripe ? stripe.unhandled.map((r) => `${r.method} ${r.path}`) : [];
  await server?.stop();
  await stripe?.close();
  await fakturownia?.close();
  expect(unhandled).toEqual([]);
  expect(fakturownia?.unhandled ?? []).toEqual([]);
});

describe("subscribing with Stripe Billing", () => {
  it("creates the customer, the plan's Price and a subscription Checkout Session, each with an idempotency key", async () => {
    const member = await subscribe();
    const posts = stripe.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v1/"));
    const customer = posts.find((r) => r.path === "/v1/customers")!;
    expect(customer.headers["idempotency-key"]).toBe(`studium-user-${member.id}-customer`);
    const price = posts.find((r) => r.path === "/v1/prices")!;
    expect(price.headers["idempotency-key"]).toBe(`studium-plan-${planId}-price-4999-EUR-1`);
    expect(new URLSearchParams(price.body).get("recurring[interval_count]")).toBe("1");
    const session = posts.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(session.headers["idempotency-key"]).toBe(`studium-membership-${member.hash}-checkout`);
    const sent = new URLSearchParams(session.body);
    expect(sent.get("mode")).toBe("subscription");
    expect(sent.get("subscription_data[metadata][membership_hash]")).toBe(member.hash);
    expect(sent.has("subscription_data[trial_period_days]")).toBe(false);
  });

  it("activates from the webhooks with access, and records period 1 with Stripe's invoice id", async () => {
    const member = await subscribe();
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    const membership = await membershipOf(member.membershipId);
    const subscription = stripe.billing.subscriptions.get(member.subscriptionId)!;
    expect(membership).toMatchObject({
      period_number: 1,
      card_brand: "visa",
      card_last4: "4242",
      provider_customer_ref: subscription.customer,
      current_period_end: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
    });
    const charges = await chargesOf(member.membershipId);
    expect(charges).toMatchObject([
      {
        period_number: 1,
        status: "succeeded",
        provider: "stripe",
        provider_ref: subscription.latest_invoice,
        amount_cents: 4999,
        idempotency_key: `membership:${member.membershipId}:period:1`,
      },
    ]);
    expect(await watches(member.client)).toBe(true);
  });

  it("keeps one Stripe Price per plan and price: a new price makes a new Price, members keep theirs", async () => {
    const plan = await createPlan({ name: "Price change club" });
    const first = await subscribe(plan);
    const second = await subscribe(plan);
    const pricesOf = () =>
      server.handle.db.selectFrom("membership_stripe_prices").selectAll().where("plan_id", "=", plan).execute();
    expect(await pricesOf()).toHaveLength(1);
    const updated = await admin.json("PUT", `/home/memberships/${plan}`, {
      name: "Price change club",
      description: "",
      price: "59.99",
      vat_rate: 23,
      currency: "EUR",
      period_months: 1,
      trial_days: 0,
      signups_open: 1,
      course_ids: [course.id],
    });
    expect(updated.status).toBe(200);
    const third = await subscribe(plan);
    const prices = await pricesOf();
    expect(prices.map((p) => p.price_cents).sort()).toEqual([4999, 5999]);
    const priceOf = (subscriptionId: string) =>
      stripe.billing.subscriptions.get(subscriptionId)!.items.data[0]!.price.id;
    expect(priceOf(first.subscriptionId)).toBe(priceOf(second.subscriptionId));
    expect(priceOf(third.subscriptionId)).not.toBe(priceOf(first.subscriptionId));
    // The earlier member renews at the price they signed up at.
    await stripe.deliverEvents(stripe.billing.endPeriod(first.subscriptionId));
    await waitFor(async () => (await chargesOf(first.membershipId)).length === 2);
    expect((await chargesOf(first.membershipId))[1]!.amount_cents).toBe(4999);
  });

  it("sends the plan's trial days to Stripe: active in period 0 with no charge until the trial ends", async () => {
    const plan = await createPlan({ name: "Trial club", trial_days: 14 });
    const member = await subscribe(plan);
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    const session = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(new URLSearchParams(session.body).get("subscription_data[trial_period_days]")).toBe("14");
    const membership = await membershipOf(member.membershipId);
    expect(membership).toMatchObject({ period_number: 0 });
    expect(membership.trial_ends_at).toBe(membership.current_period_end);
    expect(await chargesOf(member.membershipId)).toEqual([]);
    expect(await watches(member.client)).toBe(true);
    await stripe.deliverEvents(stripe.billing.endPeriod(member.subscriptionId));
    await waitFor(async () => (await membershipOf(member.membershipId)).period_number === 1);
    expect(await membershipOf(member.membershipId)).toMatchObject({ status: "active", trial_ends_at: null });
    expect((await chargesOf(member.membershipId)).map((c) => c.period_number)).toEqual([1]);
  });

  it("refuses a lifetime plan (a single payment), and the generic checkout does not offer Stripe", async () => {
    const lifetime = await createPlan({ name: "Lifetime club", period_months: -1 });
    const { client } = await newStudent(server);
    await client.page("/my");
    const refused = await client.post("/stripe/subscribe/checkout", { plan: lifetime, terms: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.provider).toEqual([
      "A lifetime plan is a single payment: choose another payment method.",
    ]);
    const generic = await client.post("/subscribe/checkout", { plan: planId, terms: true, provider: "stripe" });
    expect(generic.status).toBe(422);
    expect((await client.post("/stripe/subscribe/checkout", { plan: planId })).status).toBe(422);
    expect(
      (await new BrowserClient(server.url).post("/stripe/subscribe/checkout", { plan: planId, terms: true })).status,
    ).toBe(401);
  });
});

describe("Stripe's renewals and dunning, mirrored", () => {
  it("extends on invoice.paid for period 2; past_due on invoice.payment_failed; expired when Stripe gives up", async () => {
    const member = await subscribe();
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    const firstEnd = (await membershipOf(member.membershipId)).current_period_end!;

    expect(await stripe.deliverEvents(stripe.billing.endPeriod(member.subscriptionId))).toEqual([200, 200]);
    const renewed = await membershipOf(member.membershipId);
    expect(renewed).toMatchObject({ status: "active", period_number: 2, current_period_start: firstEnd });
    expect(renewed.current_period_end! > firstEnd).toBe(true);
    expect((await chargesOf(member.membershipId)).map((c) => c.provider_ref)).toEqual(
      [...stripe.billing.invoices.values()]
        .filter((i) => i.parent.subscription_details.subscription === member.subscriptionId)
        .map((i) => i.id),
    );

    stripe.billing.setDeclines(member.subscriptionId, true);
    await stripe.deliverEvents(stripe.billing.endPeriod(member.subscriptionId));
    expect(await membershipOf(member.membershipId)).toMatchObject({ status: "past_due", period_number: 2 });
    expect(await chargesOf(member.membershipId)).toHaveLength(2);
    expect(await watches(member.client)).toBe(true);
    await stripe.deliverEvents(stripe.billing.retry(member.subscriptionId));
    expect((await membershipOf(member.membershipId)).status).toBe("past_due");

    await stripe.deliverEvents(stripe.billing.endSubscription(member.subscriptionId, "payment_failed"));
    const expired = await membershipOf(member.membershipId);
    expect(expired.status).toBe("expired");
    expect(expired.ended_at).not.toBeNull();
    await waitFor(async () => !(await watches(member.client)));
  });

  it("a retry Stripe wins brings a past-due membership back, with the period recorded once", async () => {
    const member = await subscribe();
    stripe.billing.setDeclines(member.subscriptionId, true);
    await stripe.deliverEvents(stripe.billing.endPeriod(member.subscriptionId));
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "past_due");
    stripe.billing.setDeclines(member.subscriptionId, false);
    await stripe.deliverEvents(stripe.billing.retry(member.subscriptionId));
    expect(await membershipOf(member.membershipId)).toMatchObject({ status: "active", period_number: 2 });
    expect((await chargesOf(member.membershipId)).map((c) => c.period_number)).toEqual([1, 2]);
  });

  it("changes nothing twice for replayed and out-of-order events", async () => {
    const member = await subscribe();
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    // Period 2 paid; its events arrive newest first, then everything about the subscription again, twice, in parallel.
    const renewal = stripe.billing.endPeriod(member.subscriptionId);
    expect(await stripe.deliverEvents([...renewal].reverse())).toEqual([200, 200]);
    const after = await membershipOf(member.membershipId);
    const charges = await chargesOf(member.membershipId);
    expect(charges.map((c) => c.period_number)).toEqual([1, 2]);
    const invoiceIds = [...stripe.billing.invoices.values()]
      .filter((i) => i.parent.subscription_details.subscription === member.subscriptionId)
      .map((i) => i.id);
    const all = [...stripe.events.values()]
      .filter((e) => [member.subscriptionId, ...invoiceIds].includes(String(e.data.object.id)))
      .map((e) => e.id);
    const fetchesBefore = stripe.requests.filter((r) => r.path === `/v1/subscriptions/${member.subscriptionId}`).length;
    const replays = await Promise.all([...all, ...all].map((id) => stripe.deliver(stripe.notification(id))));
    expect(replays.every((r) => r.status === 200)).toBe(true);
    // A replay is answered from our record of the event's id, without asking Stripe again.
    expect(stripe.requests.filter((r) => r.path === `/v1/subscriptions/${member.subscriptionId}`).length).toBe(
      fetchesBefore,
    );
    expect(await chargesOf(member.membershipId)).toEqual(charges);
    expect(await membershipOf(member.membershipId)).toEqual(after);
    // Each period Stripe billed has one invoice, however often its events came.
    const keys = charges.map((c) => `studium-${c.idempotency_key}`);
    await waitFor(async () => {
      const rows = await server.handle.db
        .selectFrom("membership_invoices")
        .select("status")
        .where(
          "charge_id",
          "in",
          charges.map((c) => c.id),
        )
        .execute();
      return rows.length === 2 && rows.every((row) => row.status === "issued");
    });
    expect(fakturownia.invoices.filter((i) => keys.includes(String(i.invoice.oid))).length).toBe(2);
  });

  it("activates once whatever the order of the first events (invoice.paid before the session's completion)", async () => {
    const student = await newStudent(server);
    await student.client.page("/my");
    const start = await student.client.post("/stripe/subscribe/checkout", { plan: planId, terms: true });
    const sessionId = /\/c\/pay\/([^/]+)$/.exec(start.body.redirect)![1]!;
    // Completed on Stripe's side without the hosted page's deliveries: the test delivers them newest first.
    const events = stripe.billing.completeSubscriptionCheckout(stripe.session(sessionId), STRIPE_CARDS.visa);
    expect(await stripe.deliverEvents([...events].reverse())).toEqual([200, 200, 200]);
    const membership = await membershipOf(start.body.membership_id);
    expect(membership).toMatchObject({ status: "active", period_number: 1 });
    expect(await chargesOf(membership.id)).toHaveLength(1);
    expect(await stripe.deliverEvents(events)).toEqual([200, 200, 200]);
    expect(await membershipOf(membership.id)).toEqual(membership);
  });

  it("refuses a forged event: nothing changes", async () => {
    const member = await subscribe();
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    stripe.billing.setDeclines(member.subscriptionId, true);
    const events = stripe.billing.endPeriod(member.subscriptionId);
    for (const variant of ["body-byte", "signature-byte", "wrong-key", "stale"] as const)
      expect((await stripe.deliver(stripe.notification(events[0]!, variant))).status).toBe(400);
    expect((await membershipOf(member.membershipId)).status).toBe("active");
  });

  it("is never charged by our own renewal scan, even with its period ended", async () => {
    const member = await subscribe();
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    const past = "2020-01-01T00:00:00.000Z";
    await server.handle.db
      .updateTable("memberships")
      .set({ current_period_end: past })
      .where("id", "=", member.membershipId)
      .execute();
    await server.handle.db
      .updateTable("membership_charges")
      .set({ status: "failed", next_retry_at: past })
      .where("membership_id", "=", member.membershipId)
      .execute();
    await server.handle.db
      .updateTable("memberships")
      .set({ status: "past_due" })
      .where("id", "=", member.membershipId)
      .execute();
    await scanRenewals(server.handle.db, new Date().toISOString());
    await server.handle.db
      .updateTable("memberships")
      .set({ status: "active" })
      .where("id", "=", member.membershipId)
      .execute();
    await scanRenewals(server.handle.db, new Date().toISOString());
    const jobs = await server.handle.db
      .selectFrom("jobs")
      .select("unique_key")
      .where("unique_key", "like", `membership-renewal:${member.membershipId}:%`)
      .execute();
    expect(jobs).toEqual([]);
  });
});

describe("the pages", () => {
  it("offer Stripe on the subscribe checkout of a recurring plan, and the card update to a Stripe member", async () => {
    const { client } = await newStudent(server);
    const page = await client.page(`/subscribe/checkout?plan=${planId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="stripe-subscribe"');
    expect(page.html).toContain('action="/stripe/subscribe/checkout"');
    const lifetime = await createPlan({ name: "Lifetime page club", period_months: -1 });
    expect((await client.page(`/subscribe/checkout?plan=${lifetime}`)).html).not.toContain("stripe-subscribe");

    // Back from Stripe before its webhook: the page says the membership starts once Stripe confirms it.
    const waiting = "Your membership starts as soon as Stripe confirms the payment.";
    expect((await client.post("/stripe/subscribe/checkout", { plan: planId, terms: true })).status).toBe(200);
    expect((await client.page("/my/membership?stripe=subscribed")).html).toContain(waiting);

    const member = await subscribe();
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    const mine = await member.client.json("GET", "/my/membership");
    expect(mine.body.memberships[0].actions).toMatchObject({ cancel: true, update_card_stripe: true });
    const returned = await member.client.page("/my/membership?stripe=subscribed");
    expect(returned.html).toContain("Update card on Stripe");
    expect(returned.html).not.toContain(waiting);
    expect((await member.client.page("/my/membership?stripe=card")).html).toContain("Your new card is saved.");
  });
});

describe("cancel, resume and card update reach Stripe", () => {
  it("cancels at the period's end on Stripe, keeps the survey, and resumes", async () => {
    const member = await subscribe();
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    const body = { membership_id: member.membershipId };
    // Without CANCEL typed nothing reaches Stripe.
    expect((await member.client.post("/my/membership/cancel", { ...body, confirm: "no" })).status).toBe(422);
    expect(stripe.billing.subscriptions.get(member.subscriptionId)!.cancel_at_period_end).toBe(false);

    const canceled = await member.client.post("/my/membership/cancel", { ...body, confirm: "CANCEL" });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual(body);
    expect(stripe.billing.subscriptions.get(member.subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await membershipOf(member.membershipId)).toMatchObject({ status: "canceled", cancel_at_period_end: 1 });
    const survey = await member.client.post("/my/membership/cancel-survey", { ...body, reason: "expensive" });
    expect(survey.status).toBe(200);
    // Stripe's own event about it agrees.
    await stripe.deliverEvents(stripe.eventsAbout(member.subscriptionId, "customer.subscription.updated"));
    expect((await membershipOf(member.membershipId)).status).toBe("canceled");
    expect(await watches(member.client)).toBe(true);

    const resumed = await member.client.post("/my/membership/resume", body);
    expect(resumed.status).toBe(200);
    expect(stripe.billing.subscriptions.get(member.subscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await membershipOf(member.membershipId)).status).toBe("active");
    const updates = stripe.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${member.subscriptionId}`,
    );
    expect(updates.map((r) => new URLSearchParams(r.body).get("cancel_at_period_end"))).toEqual(["true", "false"]);
    expect(new Set(updates.map((r) => r.headers["idempotency-key"])).size).toBe(2);

    // Cancelled again, the period ends: Stripe deletes the subscription and the membership is finished.
    await member.client.post("/my/membership/cancel", { ...body, confirm: "CANCEL" });
    expect(stripe.billing.subscriptions.get(member.subscriptionId)!.cancel_at_period_end).toBe(true);
    await stripe.deliverEvents(stripe.billing.endPeriod(member.subscriptionId));
    expect((await membershipOf(member.membershipId)).status).toBe("finished");
    await waitFor(async () => !(await watches(member.client)));
  });

  it("updates the card through a setup session and pays the open invoice at once", async () => {
    const member = await subscribe();
    stripe.billing.setDeclines(member.subscriptionId, true);
    await stripe.deliverEvents(stripe.billing.endPeriod(member.subscriptionId));
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "past_due");

    const stranger = await newStudent(server);
    await stranger.client.page("/my");
    expect(
      (await stranger.client.post("/my/membership/stripe-card", { membership_id: member.membershipId })).status,
    ).toBe(404);
    const start = await member.client.post("/my/membership/stripe-card", { membership_id: member.membershipId });
    expect(start.status).toBe(200);
    expect(start.body.redirect.startsWith(`${stripe.url}/c/pay/`)).toBe(true);
    const session = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(new URLSearchParams(session.body).get("mode")).toBe("setup");
    expect(session.headers["idempotency-key"]).toMatch(new RegExp(`^studium-membership-${member.membershipId}-card-`));

    stripe.useCard(STRIPE_CARDS.mastercard);
    await pressOnStripe(start.body.redirect);
    await waitFor(async () => (await membershipOf(member.membershipId)).status === "active");
    const subscription = stripe.billing.subscriptions.get(member.subscriptionId)!;
    expect(stripe.billing.methods.get(subscription.default_payment_method!)!.card.last4).toBe("4444");
    expect(await membershipOf(member.membershipId)).toMatchObject({
      card_brand: "mastercard",
      card_last4: "4444",
      period_number: 2,
    });
    expect((await chargesOf(member.membershipId)).map((c) => c.period_number)).toEqual([1, 2]);
    const pays = stripe.requests.filter((r) => /^\/v1\/invoices\/[^/]+\/pay$/.test(r.path));
    expect(pays).toHaveLength(1);
  });

  it("refuses a card update for a membership that Stripe does not bill", async () => {
    const plan = await createPlan({ name: "Free club", price: "0" });
    const { client } = await newStudent(server);
    await client.page("/my");
    const free = await client.post("/stripe/subscribe/checkout", { plan, terms: true });
    expect(free.status).toBe(200);
    expect(free.body.redirect).toBe("/my/membership");
    const refused = await client.post("/my/membership/stripe-card", { membership_id: free.body.membership_id });
    expect(refused.status).toBe(409);
  });
});
