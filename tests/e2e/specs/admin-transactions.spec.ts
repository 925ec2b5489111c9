// The admin's transactions in the browser, in English and in Polish, at 390 and 1280 px, with axe on every page:
// the list with its filters (the address keeps them), a transaction's details with a manual grant and a denial
// with a reason, the refund form that says it only records, the CSV export (a download, then the once-a-minute
// message), and the sales summary. Each test has its own admin, so the export limit of one does not touch another.
import type { Page } from "@playwright/test";
import type { BrowserClient } from "#tests/helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { addCourse } from "#tests/integration/catalog-helpers.ts";
import { checkoutCourse, transactionByHash } from "#tests/integration/selling-helpers.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test, walks } from "../fixtures.ts";

const texts = {
  en: {
    school: "Test Academy",
    title: "Transactions",
    status: "Status",
    pending: "Pending",
    granted: "Access granted",
    filter: "Filter",
    reason: "Reason",
    grant: "Grant access",
    deny: "Deny access",
    grantedToast: "Access granted",
    deniedToast: "Access denied",
    deniedState: "Access denied.",
    recordedOnly: "This only records a refund you have made yourself",
    export: "Export CSV",
    throttled: "You can only make one export per minute",
    sales: "Sales",
    revenue: "Revenue (EUR)",
    nav: "Admin navigation",
  },
  pl: {
    school: "Akademia Testowa",
    title: "Transakcje",
    status: "Status",
    pending: "Oczekująca",
    granted: "Dostęp przyznany",
    filter: "Filtruj",
    reason: "Powód",
    grant: "Przyznaj dostęp",
    deny: "Odmów dostępu",
    grantedToast: "Dostęp przyznany",
    deniedToast: "Odmówiono dostępu",
    deniedState: "Odmówiono dostępu.",
    recordedOnly: "To tylko zapis zwrotu, który wykonano samodzielnie",
    export: "Eksportuj CSV",
    throttled: "Eksport można wykonać tylko raz na minutę",
    sales: "Sprzedaż",
    revenue: "Przychód (EUR)",
    nav: "Nawigacja panelu",
  },
} as const;

type Lang = keyof typeof texts;

const arranged = new WeakMap<TestServer, Promise<BrowserClient>>();

async function schoolIn(server: TestServer, language: Lang) {
  let ready = arranged.get(server);
  if (!ready) {
    ready = (async () => {
      const admin = await setUpSchool(server, { language: "en", currency: "EUR" });
      await addCourse(server, { slug: "ledger", title: "Ledger course", price_cents: 12000 });
      return admin;
    })();
    arranged.set(server, ready);
  }
  const admin = await ready;
  const response = await admin.json("PUT", "/home/settings", {
    name: texts[language].school,
    language,
    currency: "EUR",
    login_enabled: true,
    registration_enabled: true,
  });
  expect(response.status).toBe(200);
}

/** A purchase by a new student: paid, or left waiting. */
async function purchase(server: TestServer, name: string, pay: boolean) {
  const buyer = newStudent(name);
  const client = await registerStudent(server, buyer);
  const { body } = await checkoutCourse(client, "ledger", { name });
  if (pay) await client.post(`/payments/test/${body.hash}/pay`);
  return transactionByHash(server, body.hash as string);
}

/** A new admin of the school (their own export limit), logged in in a page of the given width. */
async function adminPage(
  server: TestServer,
  newPage: (o?: { viewport?: { width: number; height: number } }) => Promise<Page>,
  width: number,
) {
  const person = newStudent("Ada Admin");
  await registerStudent(server, person);
  await server.handle.db.updateTable("users").set({ role: "admin" }).where("email", "=", person.email).execute();
  const page = await newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
  await login(page, person.email, person.password);
  return page;
}

// Each language once and each width once (docs/decisions/0035).
for (const { language, width } of walks) {
  const t = texts[language];

  test.describe(`admin transactions in ${language} at ${width} px`, () => {
    // Several pages, each checked with axe, on a machine shared with other runs.
    test.slow();

    test("filters the list, grants and denies with a reason, shows the refund form, exports once a minute", async ({
      server,
      newPage,
    }) => {
      await schoolIn(server, language);
      const waiting = await purchase(server, `Wanda ${language}${width}`, false);
      const paid = await purchase(server, `Piotr ${language}${width}`, true);
      const page = await adminPage(server, newPage, width);

      if (width >= 1024) {
        await page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.title }).click();
        await page.waitForURL("**/home/transactions");
      } else {
        await gotoHydrated(page, "/home/transactions");
      }
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      await expect(page.locator(`[data-transaction="${waiting.hash}"]`)).toBeVisible();
      await expect(page.locator(`[data-transaction="${paid.hash}"]`)).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel(t.status, { exact: true }).selectOption("PENDING");
      await page.getByRole("button", { name: t.filter }).click();
      await page.waitForURL(/status=PENDING/);
      await expect(page.locator(`[data-transaction="${waiting.hash}"]`)).toBeVisible();
      await expect(page.locator(`[data-transaction="${paid.hash}"]`)).toHaveCount(0);
      await expect(page.getByLabel(t.status, { exact: true })).toHaveValue("PENDING");

      // The export: a download of the filtered list, then the once-a-minute message.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: t.export }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
      await page.getByRole("button", { name: t.export }).click();
      await expect(page.getByRole("alert")).toHaveText(t.throttled);
      await expect(page).toHaveURL(/status=PENDING/);
      await expectAccessible(page);

      // Details of the waiting one: grant it by hand, then deny it.
      await page.locator(`[data-transaction="${waiting.hash}"]`).getByRole("link").first().click();
      await page.waitForURL(`**/home/transactions/${waiting.id}`);
      await expect(page.getByText(waiting.hash, { exact: true })).toBeVisible();
      await expectAccessible(page);
      const grant = page.getByRole("form", { name: t.grant });
      await grant.getByLabel(t.reason).fill("Paid by bank transfer");
      await grant.getByRole("button", { name: t.grant }).click();
      await expect(page.getByText(t.grantedToast, { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId("access-state")).not.toContainText(t.pending);
      await expect(page.getByText("Paid by bank transfer")).toBeVisible();
      await expect(page.getByText(t.recordedOnly)).toBeVisible();
      await expectAccessible(page);

      const deny = page.getByRole("form", { name: t.deny });
      await deny.getByLabel(t.reason).fill("Chargeback");
      await deny.getByRole("button", { name: t.deny }).click();
      await expect(page.getByTestId("access-state")).toHaveText(t.deniedState);
      await expect(page.getByText("Chargeback", { exact: true })).toBeVisible();
      await expectAccessible(page);
    });

    test("shows the sales summary", async ({ server, newPage }) => {
      await schoolIn(server, language);
      await purchase(server, `Sara ${language}${width}`, true);
      const page = await adminPage(server, newPage, width);
      if (width >= 1024) {
        await page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.sales }).click();
        await page.waitForURL("**/home/sales");
      } else {
        await gotoHydrated(page, "/home/sales");
      }
      await expect(page.getByRole("heading", { level: 1, name: t.sales })).toBeVisible();
      await expect(page.getByTestId("sales-totals")).toContainText(t.revenue);
      await expect(page.getByRole("rowheader", { name: "Ledger course" })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
