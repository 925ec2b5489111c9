// The per-route request limits (server/plugins/route-rate-limit.ts, figures in server/http/route-limits.ts) at their
// production figures (RATE_LIMIT_SCALE=1), over real HTTP: registration per address, comments per user, promo-code
// checks per address; 429 with Retry-After and the spec's message in the school's language, and a plain form sent
// back to its page with the error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeLimits } from "#server/http/route-limits.ts";
import { BrowserClient, type JsonResponse } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";
import { courseProductId } from "./selling-helpers.ts";

const productionFigures = { RATE_LIMIT_SCALE: "1" };

function expectThrottled(response: JsonResponse, windowSeconds: number, message: (seconds: number) => string) {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  const seconds = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= windowSeconds, `Retry-After ${seconds}`).toBe(true);
  expect(response.body).toEqual({ message: message(seconds) });
}

async function newVisitor(server: TestServer, page: string) {
  const client = new BrowserClient(server.url);
  await client.page(page);
  return client;
}

describe("in an English school", () => {
  let server: TestServer;
  let lectureId: number;
  let productId: number;
  const english = (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`;

  beforeAll(async () => {
    server = await startTestServer(productionFigures);
    await setUpSchool(server, { language: "en" });
    const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
    lectureId = course.lectures.free;
    productId = await courseProductId(
      server,
      await addCourse(server, { slug: "paid", title: "Paid", price_cents: 9900 }),
    );
  });
  afterAll(() => server?.stop());

  it("stops one user's comments after the limit, while another user may still comment", async () => {
    const { points, duration } = routeLimits.comment;
    const [spammer, neighbour] = [await newStudent(server, "Sam Spammer"), await newStudent(server, "Nina Neighbour")];
    const comment = (client: BrowserClient, n: number) =>
      client.post("/comments", { type: "lecture", id: lectureId, body: `Comment number ${n}`, file: 0 });

    for (let n = 1; n <= points; n++) expect((await comment(spammer.client, n)).status).toBe(200);
    expectThrottled(await comment(spammer.client, points + 1), duration, english);
    const stored = await server.handle.db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(points);

    expect((await comment(neighbour.client, 1)).status).toBe(200);
  });

  it("counts replies and votes apart from comments, each stopped after its own limit", async () => {
    const author = await newStudent(server, "Rita Replier");
    const commentResponse = await author.client.post("/comments", {
      type: "lecture",
      id: lectureId,
      body: "Something to answer",
      file: 0,
    });
    expect(commentResponse.status).toBe(200);
    const commentId = commentResponse.body.comment.id as number;

    const reply = (n: number) => author.client.post(`/comment/${commentId}/reply`, { body: `Reply ${n}` });
    for (let n = 1; n <= routeLimits.reply.points; n++) expect((await reply(n)).status).toBe(200);
    expectThrottled(await reply(0), routeLimits.reply.duration, english);

    // Voting the same way again takes the vote back (spec §4): every request is a real write.
    const vote = () => author.client.post("/vote", { type: "comment", id: commentId, value: 1 });
    for (let n = 1; n <= routeLimits.vote.points; n++) expect((await vote()).status).toBe(200);
    expectThrottled(await vote(), routeLimits.vote.duration, english);
  });

  it("stops password-reset requests from one address after the limit", async () => {
    const { points, duration } = routeLimits.passwordResetRequest;
    const client = await newVisitor(server, "/forgot-password");
    const request = (n: number) => client.post("/forgot-password", { email: `nobody${n}@example.com` });
    for (let n = 1; n <= points; n++) expect((await request(n)).status).toBe(200);
    expectThrottled(await request(points + 1), duration, english);
  });

  it("stops promo-code checks from one address after the limit (no enumerating codes)", async () => {
    const { points, duration } = routeLimits.promoCheck;
    const buyer = await newVisitor(server, "/paid");
    // A foreign page's posts through the visitor's browser are refused and spend none of the address's count.
    const crossSite = { headers: { origin: "https://elsewhere.example" } };
    for (let n = 1; n <= points + 5; n++) {
      expect((await buyer.post("/json/promo-code", { code: "X", product_id: productId }, crossSite)).status).toBe(419);
    }
    const check = (n: number) => buyer.post("/json/promo-code", { code: `GUESS${n}`, product_id: productId });
    for (let n = 1; n <= points; n++) {
      const answer = await check(n);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.message).toBe("Invalid coupon code");
    }
    expectThrottled(await check(points + 1), duration, english);
    // The count is the address's, not the browser's: a fresh cookie jar does not start again.
    expectThrottled(
      await (await newVisitor(server, "/paid")).post("/json/promo-code", { code: "X", product_id: productId }),
      duration,
      english,
    );
  });
});

describe("in a Polish school", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(productionFigures);
    await setUpSchool(server, { language: "pl" });
  });
  afterAll(() => server?.stop());

  it("stops registrations from one address after the limit, in the school's language, JSON and plain form", async () => {
    const { points, duration } = routeLimits.register;
    const register = async (n: number) =>
      (await newVisitor(server, "/register")).post("/register", {
        name: `Student ${n}`,
        email: `student${n}@example.com`,
        password: "student-secret",
      });
    for (let n = 1; n <= points; n++) expect((await register(n)).status).toBe(200);
    expectThrottled(await register(points + 1), duration, (s) => `Zbyt wiele żądań. Spróbuj ponownie za ${s} s.`);
    const accounts = await server.handle.db.selectFrom("users").select("email").where("role", "=", "student").execute();
    expect(accounts).toHaveLength(points);

    // The page's plain form (no script yet) goes back to the form with the error shown there.
    const form = await newVisitor(server, "/register");
    const posted = await form.raw("/register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: `${server.url}/register` },
      body: new URLSearchParams({
        _csrf: form.csrfToken,
        name: "Form",
        email: "form@example.com",
        password: "student-secret",
      }),
    });
    expect(posted.status).toBe(303);
    expect(Number(posted.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(posted.headers.get("location")).toBe("/register?error=errors%3Athrottled_later");
    expect((await form.page(posted.headers.get("location")!)).html).toContain(
      "Zbyt wiele żądań. Spróbuj ponownie za chwilę.",
    );
  });
});

describe("behind a reverse proxy (TRUST_PROXY)", () => {
  let server: TestServer;
  let productId: number;

  beforeAll(async () => {
    server = await startTestServer({ ...productionFigures, TRUST_PROXY: "true" });
    await setUpSchool(server, { language: "en" });
    productId = await courseProductId(
      server,
      await addCourse(server, { slug: "paid", title: "Paid", price_cents: 9900 }),
    );
  });
  afterAll(() => server?.stop());

  it("counts an IPv6 client by its /64, and another address apart", async () => {
    const { points, duration } = routeLimits.promoCheck;
    const client = await newVisitor(server, "/paid");
    const check = (address: string) =>
      client.post(
        "/json/promo-code",
        { code: "GUESS", product_id: productId },
        { headers: { "x-forwarded-for": address } },
      );
    // A new address of the same /64 for every request.
    for (let n = 1; n <= points; n++) expect((await check(`2001:db8:7:1::${n.toString(16)}`)).status).toBe(422);
    expectThrottled(
      await check("2001:db8:7:1:ffff::1"),
      duration,
      (s) => `Too many requests. Please try again in ${s} seconds.`,
    );
    expect((await check("2001:db8:7:2::1")).status).toBe(422);
    expect((await check("203.0.113.9")).status).toBe(422);
  });
});
