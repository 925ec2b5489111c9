// Community topics in the admin area (issue 14, item 1): from the empty list's invitation the admin makes
// mistakes (no title, a restricted topic without a product) and sees each error below its field, then creates a
// public and a restricted topic, moves one up by its button and down again by keyboard on its drag handle, edits
// it and deletes the other; in English at 1280 px and in Polish at 390 px. Every screen passes axe.
import type { Page } from "@playwright/test";
import { translator } from "#platform/i18n/index.ts";
import { addCourseProduct } from "#tests/helpers/invoice-fixtures.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";
import { moveDownWithKeyboard } from "../keyboard.ts";

type Lang = "en" | "pl";

/** The school speaks `lang` (its settings row; the school is cached for two seconds per process). */
async function useLanguage(server: TestServer, page: Page, lang: Lang) {
  await server.handle.db
    .updateTable("school")
    .set({ language: lang, currency: lang === "pl" ? "PLN" : "EUR", updated_at: new Date().toISOString() })
    .execute();
  const t = translator(lang);
  await expect(async () => {
    await gotoHydrated(page, "/home/community");
    await expect(page.getByRole("heading", { level: 1, name: t("community_admin:title") })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
}

const titlesInOrder = (page: Page) => page.locator("[data-topic-id] h2 a").allTextContents();

async function walk(page: Page, server: TestServer, lang: Lang) {
  const t = translator(lang);
  const course = lang === "pl" ? "Kurs ze społecznością" : "Course with a community";
  await server.handle.db.deleteFrom("community_topics").execute();
  await addCourseProduct(server.handle.db, course, lang === "pl" ? "PLN" : "EUR");
  await useLanguage(server, page, lang);

  // No topics yet: the page says how to start.
  await expect(page.getByText(t("community_admin:none_title"))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: t("community_admin:start_first") }).click();
  await page.waitForURL("**/home/community/new");
  await expect(page.getByRole("heading", { level: 1, name: t("community_admin:new_topic") })).toBeVisible();

  // Mistakes first: each said below its field.
  const create = page.getByRole("button", { name: t("community_admin:create") });
  await create.click();
  await expect(page.locator('[data-field-error="title"]')).toHaveText(
    t("community_admin:title_required", { max: 120 }),
  );
  await expect(page.getByLabel(t("community_admin:field_title"))).toHaveAccessibleDescription(
    t("community_admin:title_required", { max: 120 }),
  );
  await expectAccessible(page);

  const publicTitle = lang === "pl" ? "Przedstaw się" : "Introduce yourself";
  await page.getByLabel(t("community_admin:field_title")).fill(publicTitle);
  await page.getByLabel(t("community_admin:field_description")).fill(lang === "pl" ? "Kim jesteś?" : "Who are you?");
  await create.click();
  await page.waitForURL((url) => url.pathname === "/home/community");
  await expect(page.locator("[data-topic-id]")).toHaveCount(1);

  // A restricted topic needs a product.
  await page.getByRole("link", { name: t("community_admin:new_topic") }).click();
  await page.waitForURL("**/home/community/new");
  const restrictedTitle = lang === "pl" ? "Tylko dla kursantów" : "Students only";
  await page.getByLabel(t("community_admin:field_title")).fill(restrictedTitle);
  await page.getByRole("switch", { name: t("community_admin:field_allow_posts") }).uncheck();
  await page.getByRole("radio", { name: t("community_admin:visibility_restricted") }).check();
  await create.click();
  await expect(page.locator('[data-field-error="product_ids"]')).toHaveText(
    t("community_admin:restricted_needs_product"),
  );
  await expectAccessible(page);
  await page.getByRole("checkbox", { name: course }).check();
  await create.click();
  await page.waitForURL((url) => url.pathname === "/home/community");
  await expect.poll(() => titlesInOrder(page)).toEqual([publicTitle, restrictedTitle]);
  const restrictedRow = page.locator("[data-topic-id]").nth(1);
  await expect(restrictedRow).toContainText(t("community_admin:restricted_to", { count: 1 }));
  await expect(restrictedRow).toContainText(t("community_admin:no"));
  await expectAccessible(page);

  // Reorder: the restricted topic goes up.
  await page.getByRole("button", { name: t("community_admin:move_up", { title: restrictedTitle }) }).click();
  await expect.poll(() => titlesInOrder(page)).toEqual([restrictedTitle, publicTitle]);
  // And down again by keyboard on its drag handle (Space, ArrowDown, Space): the whole order is saved at once.
  await moveDownWithKeyboard(
    page,
    page.getByRole("button", { name: t("authoring:drag_handle", { name: restrictedTitle }) }),
    /^\/home\/community\/order$/,
  );
  await expect.poll(() => titlesInOrder(page)).toEqual([publicTitle, restrictedTitle]);

  // Edit it: a new title, and public now.
  await page.getByRole("link", { name: restrictedTitle }).click();
  await page.waitForURL((url) => /^\/home\/community\/\d+$/.test(url.pathname));
  await expect(page.getByRole("heading", { level: 1, name: restrictedTitle })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: course })).toBeChecked();
  await expectAccessible(page);
  const renamed = lang === "pl" ? "Pytania kursantów" : "Questions from students";
  await page.getByLabel(t("community_admin:field_title")).fill(renamed);
  await page.getByRole("radio", { name: t("community_admin:visibility_public") }).check();
  await page.getByRole("button", { name: t("save") }).click();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole("radio", { name: t("community_admin:visibility_public") })).toBeChecked();

  // Delete the other topic, after confirming.
  await page.getByRole("link", { name: t("community_admin:back") }).click();
  await page.waitForURL((url) => url.pathname === "/home/community");
  await expect.poll(() => titlesInOrder(page)).toEqual([publicTitle, renamed]);
  await page.getByRole("link", { name: publicTitle }).click();
  await page.waitForURL((url) => /^\/home\/community\/\d+$/.test(url.pathname));
  await page.getByRole("button", { name: t("community_admin:delete") }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(t("community_admin:delete_title", { title: publicTitle }));
  await expectAccessible(page);
  await dialog.getByRole("button", { name: t("community_admin:delete") }).click();
  await page.waitForURL((url) => url.pathname === "/home/community");
  await expect.poll(() => titlesInOrder(page)).toEqual([renamed]);
  await expectAccessible(page);
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.describe("community topics (en, 1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test("the admin creates, reorders, edits and deletes topics", async ({ page, server, schoolEn }) => {
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await walk(page, server, "en");
  });
});

test.describe("community topics (pl, 390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the admin creates, reorders, edits and deletes topics in Polish", async ({ page, server, schoolEn }) => {
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await walk(page, server, "pl");
  });
});
