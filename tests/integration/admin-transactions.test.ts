// The admin's transactions over HTTP (spec §4 "Access can be granted or denied with a reason", §8, §9): the list
// with its filters, search, paging and totals; the sales summary (successful transactions only); one
// transaction's details (payment notifications, invoice, invitations, affiliate commission); a manual grant and
// a denial with a reason; a recorded refund; the CSV export (BOM, escaping, formula injection, one per minute);
// and who may do any of it (401 / 403 / 404).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAs, visitor, changeSettings, englishSchool } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { buyTeamPurchase, courseAccessOf, invitationLinkFor } from "./access-helpers.ts";
import { addCourse, text } from "./catalog-helpers.ts";
import { checkoutCourse, courseProductId, transactionByHash } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
let alphaId: number;
let betaId: number;
const tx: Record<string, { id: number; hash: string }> = {};

async function buy(
  name: string,
  email: string,
  slug: string,
  outcome: "pay" | "fail" | "none",
  extra: Record<string, unknown> = {},
) {
  const client = await registerStudent(server, { name, email, password: "student-secret" });
  const checkout = await checkoutCourse(client, slug, { name, ...extra });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  if (outcome !== "none") await client.post(`/payments/test/${checkout.body.hash}/${outcome}`);
  const row = await transactionByHash(server, checkout.body.hash as string);
  return { id: row.id, hash: row.hash, client };
}

const listHtml = async (query = "") => text((await admin.page(`/home/transactions${query}`)).html);
const paidOf = (html: string) => Number(/Paid: €([\d.,]+)/.exec(html)![1]!.replace(/,/g, ""));
const shows = (html: string, key: string) => html.includes(`data-transaction="${tx[key]!.hash}"`);

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  alphaId = await addCourse(server, { slug: "alpha", title: "Alpha course", price_cents: 9900, currency: "EUR" });
  betaId = await addCourse(server, { slug: "beta", title: "Beta course", price_cents: 5000, currency: "EUR" });
  const bea = await buy("Bea Paid", "bea@example.com", "alpha", "pay");
  student = bea.client;
  tx.bea = bea;
  tx.cal = await buy("Cal Pending", "cal@example.com", "beta", "none");
  tx.dora = await buy("Dora Failed", "dora@example.com", "alpha", "fail");
  tx.hack = await buy('=HYPERLINK("http://evil","x"), "Quoted"', "hack@example.com", "beta", "pay");
  const ed = await registerStudent(server, { name: "Ed Team", email: "ed@example.com", password: "student-secret" });
  const team = await buyTeamPurchase(server, ed, "alpha", 3);
  tx.team = { id: team.id, hash: team.hash };
  // One accepted seat of the team purchase.
  await ed.post(`/home/access-manager/${alphaId}`, {
    course_id: alphaId,
    parent_transaction_id: team.id,
    name: "Fay Seat",
    email: "fay@example.com",
  });
  const { token } = await invitationLinkFor(server, "fay@example.com");
  const fay = await registerStudent(server, { name: "Fay Seat", email: "fay@example.com", password: "student-secret" });
  expect((await fay.post(`/invitations/${token}/accept`)).status).toBe(200);
  // An old transaction for the date filters.
  await server.handle.db
    .updateTable("transactions")
    .set({ created_at: "2024-01-15T10:00:00.000Z" })
    .where("id", "=", tx.dora.id)
    .execute();
});

afterAll(async () => {
  await server?.stop();
});

describe("who may", () => {
  it("sends a visitor to log in, hides the pages from a student, and refuses their calls", async () => {
    const guest = await visitor(server, "/login");
    const page = await guest.raw("/home/transactions", { headers: { accept: "text/html" } });
    expect(page.status).toBe(302);
    expect((await student.page("/home/transactions")).status).toBe(404);
    expect((await student.page(`/home/transactions/${tx.bea!.id}`)).status).toBe(404);
    expect((await student.page("/home/sales")).status).toBe(404);
    expect((await guest.post(`/home/transactions/${tx.cal!.id}/grant`, { reason: "paid by transfer" })).status).toBe(
      401,
    );
    expect((await student.post(`/home/transactions/${tx.cal!.id}/grant`, { reason: "paid by transfer" })).status).toBe(
      403,
    );
    expect((await student.post(`/home/transactions/${tx.bea!.id}/deny`, { reason: "nope nope" })).status).toBe(403);
    expect(
      (await student.post(`/home/transactions/${tx.bea!.id}/refund`, { amount: "1", reason: "nope nope" })).status,
    ).toBe(403);
    expect((await guest.post("/home/transactions/export", {})).status).toBe(401);
    expect((await student.post("/home/transactions/export", {})).status).toBe(403);
    expect((await admin.post("/home/transactions/999999/grant", { reason: "no such thing" })).status).toBe(404);
    expect((await admin.page("/home/transactions/999999")).status).toBe(404);
  });
});

describe("the list", () => {
  it("lists every transaction, newest first, with the count and total", async () => {
    const html = await listHtml();
    for (const key of ["bea", "cal", "dora", "hack", "team"]) expect(shows(html, key), key).toBe(true);
    expect(html).toContain("5 transactions");
    // Only what was paid: Bea 99 + the quoted buyer 50 + the team 297; Cal's pending 50 and Dora's failed 99 are not.
    expect(html).toContain("Paid: €446.00");
    expect(html.indexOf(tx.team!.hash)).toBeLessThan(html.indexOf(tx.bea!.hash));
  });

  it("filters by status, provider, product and dates", async () => {
    const granted = await listHtml("?status=ACCESS_GRANTED");
    expect(["bea", "hack", "team"].every((key) => shows(granted, key))).toBe(true);
    expect(shows(granted, "cal") || shows(granted, "dora")).toBe(false);
    expect(granted).toContain("3 transactions");
    expect(granted).toContain("Paid: €446.00");

    const beta = await listHtml(`?product_id=${await courseProductId(server, betaId)}`);
    expect(shows(beta, "cal") && shows(beta, "hack")).toBe(true);
    expect(shows(beta, "bea")).toBe(false);

    expect(await listHtml("?provider=stripe")).toContain("No transactions match these filters.");
    expect(shows(await listHtml("?provider=test"), "bea")).toBe(true);

    const old = await listHtml("?from=2024-01-15&to=2024-01-15");
    expect(shows(old, "dora")).toBe(true);
    expect(old).toContain("1 transaction");
    const recent = await listHtml("?from=2024-01-16");
    expect(shows(recent, "dora")).toBe(false);
    expect(shows(recent, "bea")).toBe(true);
    // Nonsense filters are dropped, not refused.
    expect(await listHtml("?status=NOPE&from=yesterday&product_id=abc")).toContain("5 transactions");
  });

  it("searches the buyer's e-mail and name and the hash, with LIKE wildcards taken literally", async () => {
    const byEmail = await listHtml("?q=CAL%40example");
    expect(shows(byEmail, "cal")).toBe(true);
    expect(byEmail).toContain("1 transaction");
    expect(shows(await listHtml("?q=dora%20failed"), "dora")).toBe(true);
    const byHash = await listHtml(`?q=${encodeURIComponent(tx.bea!.hash.slice(3, 15))}`);
    expect(shows(byHash, "bea")).toBe(true);
    expect(byHash).toContain("1 transaction");
    expect(await listHtml("?q=%25")).toContain("No transactions match these filters.");
    expect(await listHtml("?q=bea_paid")).toContain("No transactions match these filters.");
  });

  it("pages through long lists, keeping the filters", async () => {
    const productId = await courseProductId(server, betaId);
    const user = await server.handle.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "cal@example.com")
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: 26 }, (_, i) => ({
      hash: `bulk-${String(i).padStart(2, "0")}-aaaaaaaaaaaaaaaa`,
      user_id: user.id,
      product_id: productId,
      unit_price_cents: 100,
      total_cents: 100,
      vat_rate: 23,
      currency: "EUR",
      status: "FAILURE" as const,
      provider: "test" as const,
      buyer_name: "Bulk Buyer",
      buyer_email: "bulk@example.com",
      created_at: `2023-06-${String(i + 1).padStart(2, "0")}T12:00:00.000Z`,
      updated_at: "2023-06-01T12:00:00.000Z",
    }));
    await server.handle.db.insertInto("transactions").values(rows).execute();
    const first = await listHtml("?q=bulk%40");
    expect(first).toContain("26 transactions");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain("bulk-25-");
    expect(first).not.toContain("bulk-00-");
    expect(first).toContain('href="/home/transactions?q=bulk%40&amp;page=2"'.replace("&amp;", "&"));
    const second = await listHtml("?q=bulk%40&page=2");
    expect(second).toContain("Page 2 of 2");
    expect(second).toContain("bulk-00-");
    expect(second).not.toContain("bulk-25-");
  });
});

describe("the sales summary", () => {
  it("counts successful transactions only, by product and by day", async () => {
    const html = text((await admin.page("/home/sales?from=2024-06-01")).html);
    expect(html).toContain("Revenue (EUR)");
    // Alpha: Bea 99 + team 297; Beta: the paid one 50; the pending, failed and bulk ones are not sales.
    expect(html).toContain("€446.00");
    expect(html).toMatch(/Alpha course<\/th><td[^>]*>2<\/td><td[^>]*>4<\/td><td[^>]*>€396\.00/);
    expect(html).toMatch(/Beta course<\/th><td[^>]*>1<\/td><td[^>]*>1<\/td><td[^>]*>€50\.00/);
    const today = new Date().toISOString().slice(0, 10);
    const day = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${today}T00:00:00Z`));
    expect(html).toMatch(new RegExp(`${day}</th><td[^>]*>3</td><td[^>]*>5</td><td[^>]*>€446\\.00`));
    expect(text((await admin.page("/home/sales?to=2020-01-01")).html)).toContain("No sales in this period.");
  });
});

describe("details and decisions", () => {
  it("shows everything about a transaction: notifications, invoice, affiliate commission, invitations", async () => {
    const db = server.handle.db;
    const now = new Date().toISOString();
    await db
      .insertInto("invoices")
      .values({
        transaction_id: tx.bea!.id,
        provider: "fakturownia",
        status: "issued",
        number: "FV 7/2025",
        pdf_url: "https://invoices.example/7.pdf",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const code = await db
      .insertInto("affiliate_codes")
      .values({
        code: "PAL",
        code_key: "PAL",
        name: "Pal Partner",
        commission_percent: 10,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("transactions").set({ affiliate_code_id: code.id }).where("id", "=", tx.bea!.id).execute();
    await db
      .insertInto("affiliate_commissions")
      .values({
        affiliate_code_id: code.id,
        transaction_id: tx.bea!.id,
        amount_cents: 990,
        currency: "EUR",
        created_at: now,
      })
      .execute();

    const html = text((await admin.page(`/home/transactions/${tx.bea!.id}`)).html);
    expect(html).toContain("Alpha course");
    expect(html).toContain(tx.bea!.hash);
    expect(html).toContain("bea@example.com");
    expect(html).toContain("Payment notifications");
    expect(html).toContain("Applied");
    expect(html).toContain("FV 7/2025");
    expect(html).toContain('href="https://invoices.example/7.pdf"');
    expect(html).toContain("Pal Partner");
    expect(html).toContain("€9.90 (10%)");
    expect(html).toContain("Access granted on");

    const team = text((await admin.page(`/home/transactions/${tx.team!.id}`)).html);
    expect(team).toContain("fay@example.com");
    expect(team).toContain("Accepted");
    expect(team).toContain(`/home/access-manager/${alphaId}?transaction=${tx.team!.id}`);
  });

  it("grants a pending transaction by hand with a reason, once", async () => {
    const short = await admin.post(`/home/transactions/${tx.cal!.id}/grant`, { reason: "x" });
    expect(short.status).toBe(422);
    expect(short.body.errors.reason).toEqual(["Minimum characters: 3."]);
    const granted = await admin.post(`/home/transactions/${tx.cal!.id}/grant`, { reason: "Paid by bank transfer" });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const row = await transactionByHash(server, tx.cal!.hash);
    expect(row).toMatchObject({ status: "ACCESS_GRANTED", access_note: "Paid by bank transfer" });
    expect(row.access_granted_at).not.toBeNull();
    expect((await courseAccessOf(server, "cal@example.com", betaId))?.revoked_at).toBeNull();
    const again = await admin.post(`/home/transactions/${tx.cal!.id}/grant`, { reason: "Paid by bank transfer" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Access cannot be granted for this transaction in its current state.");
    expect((await admin.post(`/home/transactions/${tx.dora!.id}/grant`, { reason: "failed one" })).status).toBe(409);
  });

  it("denies access with a reason (revoking it), and can grant it back", async () => {
    const denied = await admin.post(`/home/transactions/${tx.bea!.id}/deny`, { reason: "Chargeback from the bank" });
    expect(denied.status).toBe(200);
    const row = await transactionByHash(server, tx.bea!.hash);
    expect(row).toMatchObject({
      status: "ACCESS_GRANTED",
      access_granted_at: null,
      access_note: "Chargeback from the bank",
    });
    expect((await courseAccessOf(server, "bea@example.com", alphaId))?.revoked_at).not.toBeNull();
    const page = text((await admin.page(`/home/transactions/${tx.bea!.id}`)).html);
    expect(page).toContain("Access denied.");
    expect(page).toContain("Chargeback from the bank");
    expect((await admin.post(`/home/transactions/${tx.bea!.id}/deny`, { reason: "again and again" })).status).toBe(409);

    expect((await admin.post(`/home/transactions/${tx.bea!.id}/grant`, { reason: "Bank dispute won" })).status).toBe(
      200,
    );
    expect((await courseAccessOf(server, "bea@example.com", alphaId))?.revoked_at).toBeNull();
    expect((await transactionByHash(server, tx.bea!.hash)).access_note).toBe("Bank dispute won");
  });

  it("denying a team purchase takes the seats back and stops its invitations", async () => {
    expect((await admin.post(`/home/transactions/${tx.team!.id}/deny`, { reason: "Fraudulent order" })).status).toBe(
      200,
    );
    expect((await courseAccessOf(server, "fay@example.com", alphaId))?.revoked_at).not.toBeNull();
    const ed = await logInAs(server, "ed@example.com", "student-secret");
    const refused = await ed.post(`/home/access-manager/${alphaId}`, {
      course_id: alphaId,
      parent_transaction_id: tx.team!.id,
      name: "Gil",
      email: "gil@example.com",
    });
    expect(refused.status).toBe(409);
    expect((await admin.post(`/home/transactions/${tx.team!.id}/grant`, { reason: "Checked, all fine" })).status).toBe(
      200,
    );
    expect((await courseAccessOf(server, "fay@example.com", alphaId))?.revoked_at).toBeNull();
  });

  it("denying a waiting transaction cancels it", async () => {
    const waiting = await buy("Wes Waiting", "wes@example.com", "beta", "none");
    expect((await admin.post(`/home/transactions/${waiting.id}/deny`, { reason: "Duplicate order" })).status).toBe(200);
    expect(await transactionByHash(server, waiting.hash)).toMatchObject({
      status: "CANCELED",
      access_note: "Duplicate order",
    });
  });

  it("records a refund (no more than the total, once), optionally taking the access away", async () => {
    const tooMuch = await admin.post(`/home/transactions/${tx.hack!.id}/refund`, {
      amount: "50.01",
      reason: "Customer asked",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount).toEqual(["The refund cannot be more than the total of €50.00."]);
    expect(
      (await admin.post(`/home/transactions/${tx.hack!.id}/refund`, { amount: "abc", reason: "Customer asked" })).body
        .errors.amount,
    ).toEqual(["Enter an amount like 49.99."]);

    const paidBefore = paidOf(await listHtml());
    const kept = await admin.post(`/home/transactions/${tx.hack!.id}/refund`, {
      amount: "20,50",
      reason: "Partial refund",
    });
    expect(kept.status).toBe(200);
    expect(await transactionByHash(server, tx.hack!.hash)).toMatchObject({
      status: "REFUNDED",
      refund_cents: 2050,
      refund_reason: "Partial refund",
      refunded_at: expect.any(String),
    });
    expect((await courseAccessOf(server, "hack@example.com", betaId))?.revoked_at).toBeNull();
    // The list's paid value keeps only what was not refunded.
    expect(paidOf(await listHtml())).toBeCloseTo(paidBefore - 20.5, 2);
    const twice = await admin.post(`/home/transactions/${tx.hack!.id}/refund`, { amount: "1", reason: "Again please" });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Only a paid transaction can be refunded.");

    const full = await admin.post(`/home/transactions/${tx.cal!.id}/refund`, {
      amount: 50,
      reason: "Full refund",
      revoke_access: true,
    });
    expect(full.status).toBe(200);
    expect((await courseAccessOf(server, "cal@example.com", betaId))?.revoked_at).not.toBeNull();
    const page = text((await admin.page(`/home/transactions/${tx.cal!.id}`)).html);
    expect(page).toContain("Refunded");
    expect(page).toContain("Full refund");
    expect(
      (await admin.post(`/home/transactions/${tx.dora!.id}/refund`, { amount: "1", reason: "Failed one" })).status,
    ).toBe(409);
  });

  it("says on the refund form that nothing is sent to the provider", async () => {
    const html = text((await admin.page(`/home/transactions/${tx.bea!.id}`)).html);
    expect(html).toContain("This only records a refund you have made yourself");
  });

  it("answers the plain forms with a redirect back to the details", async () => {
    const response = await admin.raw(`/home/transactions/${tx.dora!.id}/grant`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: `${server.url}/home/transactions/${tx.dora!.id}`,
      },
      body: new URLSearchParams({ _csrf: admin.csrfToken, reason: "Try it" }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `/home/transactions/${tx.dora!.id}?error=transactions%3Acannot_grant`,
    );
  });
});

describe("the CSV export", () => {
  it("exports the filtered list with a BOM, escaped cells and neutralised formulas; once a minute per admin", async () => {
    const product = await courseProductId(server, betaId);
    const response = await admin.raw("/home/transactions/export", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        "x-csrf-token": admin.csrfToken,
      },
      body: JSON.stringify({ product_id: product, from: "2024-06-01" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes.slice(3));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "id,hash,created_at,status,provider,product,buyer_name,buyer_email,quantity,total,currency,refund",
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x""), ""Quoted""",hack@example.com,1,50.00,EUR,20.50`);
    expect(csv).toContain("cal@example.com");
    expect(csv).not.toContain("bea@example.com");
    expect(csv).not.toContain("bulk@example.com");
    expect(csv.endsWith("\r\n")).toBe(true);

    const again = await admin.post("/home/transactions/export", {});
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("You can only make one export per minute");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    const form = await admin.raw("/home/transactions/export", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: `${server.url}/home/transactions?status=REFUNDED`,
      },
      body: new URLSearchParams({ _csrf: admin.csrfToken, status: "REFUNDED" }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(
      "/home/transactions?status=REFUNDED&error=transactions%3Aexport_throttled",
    );
    expect(text((await admin.page(form.headers.get("location")!)).html)).toContain(
      "You can only make one export per minute",
    );

    // The limit is per admin: another admin may export now.
    await registerStudent(server, {
      name: "Second Admin",
      email: "second.admin@example.com",
      password: "admin-secret",
    });
    await server.handle.db
      .updateTable("users")
      .set({ role: "admin" })
      .where("email", "=", "second.admin@example.com")
      .execute();
    const second = await logInAs(server, "second.admin@example.com", "admin-secret");
    await second.page("/home/transactions");
    expect((await second.post("/home/transactions/export", {})).status).toBe(200);
    expect(owner.email).toBe("owner@example.com");
  });
});

describe("the provider's words, in the admin's language", () => {
  // React separates the pieces of one text with empty comments.
  const details = async () =>
    text((await admin.page(`/home/transactions/${tx.dora!.id}`)).html).replace(/<!-- -->/g, "");

  it("shows a failed payment's reason and its notification in English and in Polish", async () => {
    const english = await details();
    expect(english).toContain("The payment provider reported a failed payment");
    expect(english).toContain("test · ");
    expect(english).toContain("· Payment failed");
    try {
      await changeSettings(admin, englishSchool, { language: "pl" });
      const polish = await details();
      expect(polish).toContain("Operator płatności zgłosił nieudaną płatność");
      expect(polish).toContain("· Płatność nieudana");
      expect(polish).not.toContain("reported a failed payment");
      expect(polish).not.toMatch(/· failed</);
    } finally {
      await changeSettings(admin, englishSchool, {});
    }
  });
});
