// Affiliate codes over HTTP (the selling issue, item 3): admins only; 'Code has to be unique'; a page opened
// with ?ref=CODE sets the HttpOnly cookie studium_ref for the code's cookie life (also when the page comes from
// the anonymous page cache; the last link wins; an unknown code sets nothing), ?promo=CODE the script-readable
// studium_promo; a checkout with the cookie is attributed to the code, paying it through the test provider
// records exactly one commission of the right amount, and the code's report shows it; a deactivated code
// attributes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { addCourse, text } from "./catalog-helpers.ts";
import { addPromoCode, buyer, transactionByHash } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let anna: { id: number; code: string };

const annaFields = {
  code: "Anna-20",
  name: "Anna Nowak",
  email: "anna@example.com",
  commission_percent: 20,
  cookie_days: 14,
};

function setCookies(headers: Headers, name: string): string[] {
  return headers.getSetCookie().filter((line) => line.startsWith(`${name}=`));
}

/** A GET as a new anonymous browser would send it. */
async function anonymousPage(path: string) {
  const client = new BrowserClient(server.url);
  const page = await client.page(path);
  return { ...page, client };
}

let buyers = 0;
/** A guest who opened `path` (cookies kept) and buys the course with a new account through the test provider. */
async function guestCheckout(client: BrowserClient) {
  buyers += 1;
  const response = await client.post("/ref-course/onepagecheckoutregister", {
    ...buyer,
    email: `ref.buyer${buyers}@example.com`,
    password: "buyer-secret",
    provider: "test",
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.hash as string;
}

async function commissionsOf(transactionId: number) {
  return server.handle.db
    .selectFrom("affiliate_commissions")
    .selectAll()
    .where("transaction_id", "=", transactionId)
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  await addCourse(server, { slug: "ref-course", title: "Referred course", price_cents: 12500, currency: "EUR" });
  await addCourse(server, { slug: "fresh-course", title: "Fresh course", price_cents: 5000, currency: "EUR" });
  const created = await admin.post("/home/affiliates", annaFields);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  anna = created.body.affiliate;
});
afterAll(() => server?.stop());

describe("managing affiliate codes", () => {
  it("answers 401 to a visitor and 403 to a student", async () => {
    const guest = await visitor(server, "/login");
    const student = await registerStudent(server);
    const calls = [
      ["GET", "/home/affiliates", undefined],
      ["GET", `/home/affiliates/${anna.id}`, undefined],
      ["POST", "/home/affiliates", { ...annaFields, code: "OTHER" }],
      ["PUT", `/home/affiliates/${anna.id}`, annaFields],
      ["POST", `/home/affiliates/${anna.id}/deactivate`, {}],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await guest.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await student.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await student.page(`/home/affiliates/${anna.id}`)).status).toBe(404);
  });

  it("creates a code with the default cookie life, and refuses a code in another case or bad fields", async () => {
    expect(anna).toMatchObject({ code: "Anna-20", active: true, commission_percent: 20, cookie_days: 14, sales: 0 });
    const defaults = await admin.post("/home/affiliates", { code: "bob", name: "Bob", commission_percent: 10 });
    expect(defaults.status).toBe(200);
    expect(defaults.body.affiliate).toMatchObject({ code: "bob", email: "", cookie_days: 30 });

    const taken = await admin.post("/home/affiliates", { ...annaFields, code: "ANNA-20" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ code: ["Code has to be unique"] });
    const renamed = await admin.json("PUT", `/home/affiliates/${defaults.body.affiliate.id}`, {
      code: "anna-20",
      name: "Bob",
      commission_percent: 10,
    });
    expect(renamed.body.errors).toEqual({ code: ["Code has to be unique"] });

    const bad = await admin.post("/home/affiliates", {
      code: "x y",
      name: "",
      email: "no",
      commission_percent: 0,
      cookie_days: 0,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["code", "commission_percent", "cookie_days", "email", "name"]);
  });

  it("leaves the pages' own data requests (client-side navigation) to the pages", async () => {
    const pages = [
      ["/home/affiliates/new.data", "routes/admin/affiliates-new"],
      [`/home/affiliates/${anna.id}.data`, "Anna-20"],
    ];
    for (const [path, expected] of pages) {
      const response = await admin.raw(path!, { headers: { accept: "*/*" } });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(expected);
    }
  });

  it("shows the links to share on the code's page", async () => {
    const page = await admin.page(`/home/affiliates/${anna.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`${server.url}/?ref=Anna-20`);
    // The page chooser starts on the first course by title.
    expect(page.html).toContain(`${server.url}/fresh-course?ref=Anna-20`);
    expect(page.html).toContain(`value="/ref-course"`);
  });
});

describe("links with ?ref= and ?promo=", () => {
  it("sets studium_ref for the code's cookie life, HttpOnly and SameSite=Lax", async () => {
    const { status, headers } = await anonymousPage("/?ref=anna-20");
    expect(status).toBe(200);
    const [cookie, ...more] = setCookies(headers, "studium_ref");
    expect(more).toEqual([]);
    expect(cookie).toMatch(/^studium_ref=Anna-20;/);
    expect(cookie).toContain(`Max-Age=${14 * 86400}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure"); // plain http here; behind HTTPS it is Secure (server/http/cookies.ts)
  });

  it("sets nothing for an unknown code", async () => {
    const { status, headers } = await anonymousPage("/ref-course?ref=nobody&promo=NOTHING");
    expect(status).toBe(200);
    expect(setCookies(headers, "studium_ref")).toEqual([]);
    expect(setCookies(headers, "studium_promo")).toEqual([]);
  });

  it("sets the cookie on a sales page answered from the anonymous page cache, and stores the bare page", async () => {
    await waitFor(async () => (await anonymousPage("/ref-course")).headers.get("x-page-cache") === "hit");
    const hit = await anonymousPage("/ref-course?ref=Anna-20");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.html).toContain("Referred course");
    expect(setCookies(hit.headers, "studium_ref")[0]).toContain(`Max-Age=${14 * 86400}`);
    // A page not cached yet: rendered for the link, stored under the bare address, the cookie set all the same.
    const miss = await anonymousPage("/fresh-course?ref=Anna-20");
    expect(miss.headers.get("x-page-cache")).toBe("miss");
    expect(setCookies(miss.headers, "studium_ref")).toHaveLength(1);
    expect(miss.html).not.toContain("ref=Anna-20");
    await waitFor(async () => (await anonymousPage("/fresh-course")).headers.get("x-page-cache") === "hit");
    // A cached answer never carries another visitor's cookie.
    const bare = await anonymousPage("/ref-course");
    expect(setCookies(bare.headers, "studium_ref")).toEqual([]);
  });

  it("lets the last link clicked win", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/?ref=Anna-20");
    expect(client.cookies.get("studium_ref")).toBe("Anna-20");
    await client.page("/ref-course?ref=BOB");
    expect(client.cookies.get("studium_ref")).toBe("bob");
  });

  it("sets studium_promo for 30 days, readable by the page's script, for a code that has not ended", async () => {
    await addPromoCode(server, { code: "Summer10", amount: 10 });
    await addPromoCode(server, { code: "ENDED", amount: 10, ends_at: "2020-01-01T00:00:00.000Z" });
    const { headers } = await anonymousPage("/ref-course?promo=summer10");
    const [cookie] = setCookies(headers, "studium_promo");
    expect(cookie).toMatch(/^studium_promo=Summer10;/);
    expect(cookie).toContain(`Max-Age=${30 * 86400}`);
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("HttpOnly");
    expect(setCookies((await anonymousPage("/ref-course?promo=ENDED")).headers, "studium_promo")).toEqual([]);
  });
});

describe("attribution and commission", () => {
  it("attributes a checkout with the cookie, and paying it records one commission of the right amount", async () => {
    const guest = new BrowserClient(server.url);
    await guest.page("/ref-course?ref=Anna-20");
    const hash = await guestCheckout(guest);
    const transaction = await transactionByHash(server, hash);
    expect(transaction.affiliate_code_id).toBe(anna.id);
    expect(await commissionsOf(transaction.id)).toEqual([]);

    expect((await guest.post(`/payments/test/${hash}/pay`)).status).toBe(200);
    // A replayed payment notification changes nothing.
    await guest.post(`/payments/test/${hash}/pay`);
    const commissions = await commissionsOf(transaction.id);
    expect(commissions).toHaveLength(1);
    expect(commissions[0]).toMatchObject({ affiliate_code_id: anna.id, amount_cents: 2500, currency: "EUR" });

    const report = await admin.json("GET", `/home/affiliates/${anna.id}`);
    expect(report.status).toBe(200);
    expect(report.body.affiliate).toMatchObject({
      sales: 1,
      totals: [{ currency: "EUR", sales: 1, revenue_cents: 12500, commission_cents: 2500 }],
    });
    expect(report.body.transactions).toEqual([
      expect.objectContaining({
        id: transaction.id,
        total_cents: 12500,
        commission_cents: 2500,
        product_title: "Referred course",
      }),
    ]);
    const page = await admin.page(`/home/affiliates/${anna.id}`);
    expect(page.html).toContain("€25.00");
    expect(page.html).toContain("€125.00");
    const list = await admin.json("GET", "/home/affiliates");
    expect(list.body.affiliates.find((a: { id: number }) => a.id === anna.id)).toMatchObject({ sales: 1 });
  });

  it("attributes nothing once the code is deactivated, and its links set no cookie", async () => {
    const guest = new BrowserClient(server.url);
    await guest.page("/ref-course?ref=Anna-20");
    expect(guest.cookies.get("studium_ref")).toBe("Anna-20");

    const deactivated = await admin.post(`/home/affiliates/${anna.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.affiliate.active).toBe(false);

    const hash = await guestCheckout(guest);
    expect((await transactionByHash(server, hash)).affiliate_code_id).toBeNull();
    await guest.post(`/payments/test/${hash}/pay`);
    expect(await commissionsOf((await transactionByHash(server, hash)).id)).toEqual([]);
    expect(setCookies((await anonymousPage("/ref-course?ref=Anna-20")).headers, "studium_ref")).toEqual([]);

    const activated = await admin.post(`/home/affiliates/${anna.id}/activate`);
    expect(activated.body.affiliate.active).toBe(true);
    expect(setCookies((await anonymousPage("/?ref=Anna-20")).headers, "studium_ref")).toHaveLength(1);
  });

  it("takes a refund's share of the sale back from the affiliate: all of it for a full refund", async () => {
    const created = await admin.post("/home/affiliates", { code: "refundy", name: "Refundy", commission_percent: 20 });
    expect(created.status).toBe(200);
    const code = created.body.affiliate as { id: number };
    const sell = async () => {
      const guest = new BrowserClient(server.url);
      await guest.page("/ref-course?ref=refundy");
      const hash = await guestCheckout(guest);
      await guest.post(`/payments/test/${hash}/pay`);
      return (await transactionByHash(server, hash)).id as number;
    };
    const [partly, fully] = [await sell(), await sell()];
    // €125.00 each, 20%: €25.00 of commission each. A refund of €25.00 takes a fifth of it back, €5.00.
    const refund = (id: number, amount: string) =>
      admin.post(`/home/transactions/${id}/refund`, { amount, reason: "Customer asked", revoke_access: false });
    expect((await refund(partly, "25.00")).status).toBe(200);
    expect((await refund(fully, "125.00")).status).toBe(200);

    const report = await admin.json("GET", `/home/affiliates/${code.id}`);
    expect(report.body.affiliate).toMatchObject({
      sales: 1,
      totals: [{ currency: "EUR", sales: 1, revenue_cents: 10000, commission_cents: 2000 }],
    });
    const rows = report.body.transactions as { id: number; status: string; commission_cents: number }[];
    expect(rows.find((row) => row.id === partly)).toMatchObject({ status: "REFUNDED", commission_cents: 2000 });
    expect(rows.find((row) => row.id === fully)).toMatchObject({ status: "REFUNDED", commission_cents: 0 });
    expect(text((await admin.page(`/home/transactions/${partly}`)).html)).toContain("€20.00 (20%)");
  });

  it("changes a code's details, the new commission applying to later sales", async () => {
    const changed = await admin.json("PUT", `/home/affiliates/${anna.id}`, {
      ...annaFields,
      commission_percent: 50,
      cookie_days: 7,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.affiliate).toMatchObject({ commission_percent: 50, cookie_days: 7, sales: 1 });
    const { headers } = await anonymousPage("/?ref=Anna-20");
    expect(setCookies(headers, "studium_ref")[0]).toContain(`Max-Age=${7 * 86400}`);
    expect((await admin.json("PUT", "/home/affiliates/999999", annaFields)).status).toBe(404);
  });
});
