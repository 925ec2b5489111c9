// /home/webhooks in a browser (issue 18, items 6 and 11): the owner adds an endpoint pointing at a local receiver,
// copies the secret shown once, sends a test event, sees it delivered in the log with its request and answer, and
// redelivers it (the receiver gets the same message id twice). In English at 1280 px and in Polish at 390 px, with
// axe on each screen. The server may reach 127.0.0.1 only because this file asks for it (WEBHOOKS_ALLOW_LOOPBACK).
import type { Page } from "@playwright/test";
import { BrowserClient } from "../../helpers/browser-client.ts";
import type { TestServer } from "../../helpers/test-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver.ts";
import { expect, expectAccessible, gotoHydrated, login, owner, test } from "../fixtures.ts";

test.use({ serverEnv: { WEBHOOKS_ALLOW_LOOPBACK: "1" } });

const SHOTS = process.env.WEBHOOK_SHOTS;

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

/** The school's language, switched through the settings API (one server serves both tests of this file). */
async function useLanguage(server: TestServer, language: "en" | "pl") {
  const admin = new BrowserClient(server.url);
  await admin.page("/login");
  await admin.post("/login", { email: owner.email, password: owner.password });
  const answer = await admin.json("PUT", "/home/settings", {
    name: "Test Academy",
    language,
    currency: "EUR",
    login_enabled: true,
    registration_enabled: true,
  });
  expect(answer.status).toBe(200);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const texts = {
  en: {
    add: "Add endpoint",
    url: "Endpoint address",
    event: "Order paid",
    manage: "Manage",
    test: "Send a test event",
    delivered: "Delivered",
    testEvent: "Test event",
    redeliver: /^Redeliver Test event/,
    refunded: "Order refunded",
    save: "Save",
    saved: "Changes saved.",
  },
  pl: {
    add: "Dodaj punkt odbioru",
    url: "Adres punktu odbioru",
    event: "Zamówienie opłacone",
    manage: "Zarządzaj",
    test: "Wyślij zdarzenie testowe",
    delivered: "Doręczone",
    testEvent: "Zdarzenie testowe",
    redeliver: /^Wyślij ponownie Zdarzenie testowe/,
    refunded: "Zamówienie zwrócone",
    save: "Zapisz",
    saved: "Zmiany zapisane.",
  },
} as const;

async function walk(page: Page, server: TestServer, lang: "en" | "pl", width: number) {
  const t = texts[lang];
  await useLanguage(server, lang);
  await login(page, owner.email, owner.password);
  await gotoHydrated(page, "/home/webhooks");
  await expectAccessible(page);

  // A bad address is refused under its field, in the page's language.
  await page.getByLabel(t.url).fill("not an address");
  await page.getByRole("button", { name: t.add }).click();
  await expect(page.getByText(lang === "en" ? "Enter a valid address." : /poprawny adres/i).first()).toBeVisible();

  const url = `${receiver.url}?${lang}`;
  await page.getByLabel(t.url).fill(url);
  await page.getByLabel(t.event).check();
  await page.getByRole("button", { name: t.add }).click();
  const secret = page.getByTestId("webhook-secret").locator("code");
  await expect(secret).toHaveText(/^whsec_/);
  await expect(page.locator("tr", { hasText: url })).toBeVisible();
  await expectAccessible(page);
  await shot(page, `list-${lang}-${width}`);

  await page
    .getByTestId("webhook-secret")
    .getByRole("link")
    .or(page.getByRole("link", { name: t.manage }).last())
    .first()
    .click();
  await page.waitForURL(/\/home\/webhooks\/\d+$/);
  const before = receiver.received.length;
  await page.getByRole("button", { name: t.test }).click();
  await expect.poll(() => receiver.received.length).toBe(before + 1);
  // The log shows it delivered (the page reloads its data until it is).
  const row = page.locator("tr[data-delivery-id]").first();
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveAttribute("data-status", "succeeded", { timeout: 1000 });
  }).toPass();
  await expect(row.getByText(t.delivered)).toBeVisible();
  await row.getByText(t.testEvent, { exact: true }).click();
  await expect(row.getByText(/webhook-signature: v1,/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, `detail-${lang}-${width}`);

  await page.getByRole("button", { name: t.redeliver }).click();
  await expect.poll(() => receiver.received.length).toBe(before + 2);
  const [first, second] = receiver.received.slice(before);
  expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);

  // The endpoint is changed on its page: a wrong address is said under the field and nothing is saved; then one
  // more event, kept after a reload. The page never scrolls sideways, the log's long lines included.
  const edit = page.getByRole("region", { name: lang === "en" ? "Address and events" : "Adres i zdarzenia" });
  await expect(edit.getByLabel(t.url)).toHaveValue(url);
  await expect(edit.getByLabel(t.event)).toBeChecked();
  await edit.getByLabel(t.url).fill("ftp://example.com");
  await edit.getByRole("button", { name: t.save }).click();
  await expect(edit.getByText(lang === "en" ? "Enter a valid address." : /poprawny adres/i).first()).toBeVisible();
  await edit.getByLabel(t.url).fill(url);
  await edit.getByLabel(t.refunded).check();
  await edit.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.saved).first()).toBeVisible();
  await gotoHydrated(page, page.url());
  await expect(edit.getByLabel(t.refunded)).toBeChecked();
  await expect(edit.getByLabel(t.event)).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
}

test("the owner adds an endpoint, sends a test event and redelivers it (English, 1280 px)", async ({
  page,
  server,
  schoolEn,
}) => {
  void schoolEn;
  test.setTimeout(120_000);
  await walk(page, server, "en", 1280);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("dodaje punkt odbioru, wysyła zdarzenie testowe i wysyła je ponownie (polski, 390 px)", async ({
    page,
    server,
    schoolEn,
  }) => {
    void schoolEn;
    test.setTimeout(120_000);
    await walk(page, server, "pl", 390);
  });
});
