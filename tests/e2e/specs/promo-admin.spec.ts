// Promo and affiliate codes in the admin area, in English and in Polish, at 1280 and 390 px: the admin makes
// mistakes and sees each error below its field (the code's characters, the amount, the end before the start,
// 'Code has to be unique' from the server, required fields), then creates a promo code and an affiliate code
// and sees them listed, with the affiliate's link to share, which a visitor follows. Every page passes axe.
import type { Page } from "@playwright/test";
import { translator } from "#platform/i18n/index.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, test, walks } from "../fixtures.ts";

type Lang = "en" | "pl";

/** The school speaks `lang` (its settings row; the school is cached for two seconds per process). */
async function useLanguage(server: TestServer, page: Page, lang: Lang) {
  await server.handle.db
    .updateTable("school")
    .set({ language: lang, currency: lang === "pl" ? "PLN" : "EUR", updated_at: new Date().toISOString() })
    .execute();
  const t = translator(lang);
  await expect(async () => {
    await gotoHydrated(page, "/home/promo-codes");
    await expect(page.getByRole("heading", { level: 1, name: t("promo:title") })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByRole("link", { name: t("promo:new_title") })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

function fieldError(page: Page, name: string) {
  return page.locator(`[data-field-error="${name}"]`);
}

async function createPromoCode(page: Page, lang: Lang, suffix: string) {
  const t = translator(lang);
  const code = `SPRING-${suffix}`;
  await expectAccessible(page);
  await page.getByRole("link", { name: t("promo:new_title") }).click();
  await page.waitForURL("**/home/promo-codes/new");
  await expect(page.getByRole("heading", { level: 1, name: t("promo:new_title") })).toBeVisible();

  // Mistakes first: each one is said below its field.
  await page.getByLabel(t("promo:field_code"), { exact: true }).fill(`spring ${suffix}`);
  await page.getByLabel(t("promo:field_kind")).selectOption("fixed");
  const amount = page.getByLabel(t("promo:field_amount_fixed", { currency: lang === "pl" ? "PLN" : "EUR" }));
  await amount.fill("twelve");
  await page.getByLabel(t("promo:field_starts_at")).fill("2030-05-02");
  await page.getByLabel(t("promo:field_ends_at")).fill("2030-05-01");
  await page.getByRole("button", { name: t("promo:create") }).click();
  await expect(fieldError(page, "code")).toHaveText(t("promo:code_format"));
  await expect(fieldError(page, "amount")).toHaveText(t("promo:amount_money"));
  await expect(fieldError(page, "ends_at")).toHaveText(t("promo:end_before_start"));
  await expect(page.getByLabel(t("promo:field_ends_at"))).toHaveAccessibleDescription(t("promo:end_before_start"));
  await expectAccessible(page);

  await page.getByLabel(t("promo:field_code"), { exact: true }).fill(code);
  await amount.fill(lang === "pl" ? "12,50" : "12.50");
  await page.getByLabel(t("promo:field_ends_at")).fill("2030-05-31");
  await page.getByLabel(t("promo:field_usage_limit")).fill("100");
  await page.getByRole("button", { name: t("promo:create") }).click();
  await page.waitForURL((url) => url.pathname === "/home/promo-codes");
  const row = page.locator(`li[data-promo-code="${code}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("promo-status")).toHaveText(t("promo:status_scheduled"));
  await expect(row).toContainText(lang === "pl" ? "12,50 zł" : "€12.50");
  await expect(row).toContainText(t("promo:uses_of", { used: 0, limit: 100 }));
  await expectAccessible(page);

  // The same code in small letters is taken: the server's answer, below the code.
  await page.getByRole("link", { name: t("promo:new_title") }).click();
  await page.waitForURL("**/home/promo-codes/new");
  await page.getByLabel(t("promo:field_code"), { exact: true }).fill(code.toLowerCase());
  await page.getByLabel(t("promo:field_amount_percent")).fill("10");
  await page.getByRole("button", { name: t("promo:create") }).click();
  await expect(fieldError(page, "code")).toHaveText(t("promo:code_taken"));
}

async function createAffiliateCode(page: Page, visitor: Page, lang: Lang, suffix: string, baseUrl: string) {
  const t = translator(lang);
  const code = `anna-${suffix}`;
  await gotoHydrated(page, "/home/affiliates");
  await expect(page.getByRole("heading", { level: 1, name: t("promo:affiliates_title") })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: t("promo:affiliate_new_title") }).click();
  await page.waitForURL("**/home/affiliates/new");

  await page.getByLabel(t("promo:field_affiliate_email")).fill("not-an-email");
  await page.getByLabel(t("promo:field_cookie_days")).fill("400");
  await page.getByRole("button", { name: t("promo:affiliate_create") }).click();
  await expect(fieldError(page, "code")).toHaveText(t("validation:required"));
  await expect(fieldError(page, "name")).toHaveText(t("validation:required"));
  await expect(fieldError(page, "email")).toHaveText(t("validation:email"));
  await expect(fieldError(page, "commission_percent")).toHaveText(t("validation:required"));
  await expect(fieldError(page, "cookie_days")).toHaveText(t("validation:number_max", { max: 365 }));
  await expectAccessible(page);

  await page.getByLabel(t("promo:field_code"), { exact: true }).fill(code);
  await page.getByLabel(t("promo:field_affiliate_name")).fill("Anna Nowak");
  await page.getByLabel(t("promo:field_affiliate_email")).fill("anna@example.com");
  await page.getByLabel(t("promo:field_commission")).fill("20");
  await page.getByLabel(t("promo:field_cookie_days")).fill("30");
  await page.getByRole("button", { name: t("promo:affiliate_create") }).click();
  await page.waitForURL((url) => /^\/home\/affiliates\/\d+$/.test(url.pathname));
  await expect(page.getByRole("heading", { level: 1, name: t("promo:affiliate_title", { code }) })).toBeVisible();
  await expect(page.getByTestId("affiliate-status")).toHaveText(t("promo:affiliate_active"));
  await expect(page.getByLabel(t("promo:link_home"), { exact: true })).toHaveValue(`${baseUrl}/?ref=${code}`);
  await expect(page.getByTestId("report-sales")).toHaveText("0");
  await expectAccessible(page);

  // A visitor who follows the link gets the cookie, and the page (rendered without ?ref) hydrates cleanly.
  await gotoHydrated(visitor, `/?ref=${code}`);
  const cookie = (await visitor.context().cookies()).find((c) => c.name === "studium_ref");
  expect(cookie).toMatchObject({ value: code, httpOnly: true, sameSite: "Lax" });
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

  await page.getByRole("button", { name: t("promo:affiliate_deactivate") }).click();
  await expect(page.getByTestId("affiliate-status")).toHaveText(t("promo:affiliate_inactive"));
  await expect(page.getByText(t("promo:affiliate_inactive_notice"))).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: t("promo:affiliates_back") }).click();
  await page.waitForURL((url) => url.pathname === "/home/affiliates");
  await expect(page.locator(`li[data-affiliate-code="${code}"]`)).toContainText("Anna Nowak");
}

// Each language once and each width once (docs/decisions/0035).
for (const { language: lang, width } of walks) {
  test.describe(`promo and affiliate codes (${lang}, ${width} px)`, () => {
    test.use({ viewport: { width, height: width > 500 ? 800 : 844 } });
    // Each walk runs axe three or four times; on a busy two-core machine that alone can take half a minute.
    test.describe.configure({ timeout: 120_000 });

    test("the admin creates a promo code, seeing errors below the fields", async ({ page, server, schoolEn }) => {
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await useLanguage(server, page, lang);
      await createPromoCode(page, lang, `${lang}${width}`.toUpperCase());
    });

    test("the admin creates and deactivates an affiliate code, seeing errors below the fields", async ({
      page,
      newPage,
      server,
      schoolEn,
      baseURL,
    }) => {
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await useLanguage(server, page, lang);
      const visitor = await newPage({ viewport: { width, height: 800 } });
      await createAffiliateCode(page, visitor, lang, `${lang}${width}`, baseURL!);
    });
  });
}
