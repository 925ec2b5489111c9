// Leads in the browser (issue 16, item 4), in English at 1280 px and in Polish at 390 px: the admin builds a lead
// form in /home/leads/forms (its name, tags and a consent text), saves it, tries the live preview beside the
// editor: an empty required e-mail is marked and nothing is sent (spec §5); a draft change the saved form does not
// have (the e-mail field made plain text) lets a bad address through to the server, which refuses it: the field is
// marked and the button stays disabled for 2 s (spec §4, §9; the page's clock is Playwright's), then works again;
// a good lead shows the default 'Thank you' (spec §9), and the admin finds it in /home/leads with its tag and
// consent version. Every screen passes axe.
import type { Page } from "@playwright/test";
import { translator } from "#platform/i18n/index.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, test, walks } from "../fixtures.ts";

type Lang = "en" | "pl";
const SHOTS = process.env.LEADS_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The school speaks `lang` (its settings row; the school is cached for two seconds per process). */
async function useLanguage(server: TestServer, page: Page, lang: Lang) {
  await server.handle.db.updateTable("school").set({ language: lang, updated_at: new Date().toISOString() }).execute();
  const t = translator(lang);
  await expect(async () => {
    await gotoHydrated(page, "/home/leads");
    await expect(page.getByRole("heading", { level: 1, name: t("leads:title") })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

for (const { language: lang, width } of walks) {
  test.describe(`leads (${lang}, ${width} px)`, () => {
    test.use({ viewport: { width, height: width > 500 ? 800 : 844 } });
    test.describe.configure({ timeout: 120_000 });

    test("the admin builds a form, fills its preview and sees the lead", async ({ page, server, schoolEn }) => {
      const t = translator(lang);
      const email = `lead-${lang}@example.com`;
      await page.clock.install();
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await useLanguage(server, page, lang);
      await expectAccessible(page);

      await page.getByRole("link", { name: t("leads:forms_link") }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("leads:forms_title") })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("link", { name: t("leads:new_form") }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("leads:new_form") })).toBeVisible();
      await page.getByLabel(t("leads:form_name")).fill(`Newsletter ${lang}`);
      await page.getByLabel(t("leads:form_tags")).fill(`webinar-${lang}`);
      await page.getByLabel(t("leads:consent_text")).fill("I agree to **the newsletter**.");
      await expectAccessible(page);
      await page.getByRole("button", { name: t("leads:save") }).click();
      await page.waitForURL((url) => /^\/home\/leads\/forms\/\d+$/.test(url.pathname));
      await expect(page.getByRole("heading", { level: 1, name: t("leads:edit_form") })).toBeVisible();

      const preview = page.getByRole("complementary", { name: t("leads:preview") });
      const emailLabel = `${t("leads:default_email_label")} ${t("leads:required_mark")}`;
      const subscribe = preview.getByRole("button", { name: t("leads:default_button") });
      await expect(preview.getByText("the newsletter", { exact: true })).toBeVisible();
      // Spec §5: the empty required e-mail is marked and nothing is sent.
      await subscribe.click();
      await expect(preview.locator('[data-field-error="email"]')).toHaveText(t("validation:required"));
      await expect(preview.getByLabel(emailLabel)).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);
      await shot(page, `editor-${lang}-${width}`);

      // A draft that is not saved (the e-mail field as plain text) lets a bad address reach the server: refused.
      await page
        .getByRole("listitem", { name: t("leads:field_n", { n: 2 }) })
        .getByLabel(t("leads:field_type"))
        .selectOption("text");
      await preview.getByLabel(emailLabel).fill("not-an-address");
      // The page's clock stands still from here: only runFor moves it.
      await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1_000));
      await subscribe.click();
      await expect(preview.locator('[data-field-error="email"]')).toHaveText(t("validation:email"));
      await expect(subscribe).toBeDisabled();
      await page.clock.runFor(1_900);
      await expect(subscribe).toBeDisabled();
      await page.clock.runFor(200);
      await expect(subscribe).toBeEnabled();
      await page.clock.resume();

      await preview.getByLabel(t("leads:default_name_label")).fill("Ada");
      await preview.getByLabel(emailLabel).fill(email);
      await subscribe.click();
      await expect(preview.getByRole("status")).toContainText(t("leads:default_header"));
      await shot(page, `preview-success-${lang}-${width}`);

      await gotoHydrated(page, "/home/leads");
      const row = page.locator("li[data-lead]").filter({ hasText: email });
      await expect(row).toContainText(`webinar-${lang}`);
      await expect(row).toContainText(t("leads:consent_version", { version: 1 }));
      await expect(row).toContainText("Ada");
      await expectAccessible(page);
      await shot(page, `list-${lang}-${width}`);
    });
  });
}
