// The school's own site in a browser (issue 16): the owner uploads a logo, picks brand colours (a hard-to-read
// pair is warned about while typing, and still saved if the owner wants), writes the footer and company details
// and the legal pages; a visitor sees the logo, the colours on the buttons, the footer and its legal links, and
// reads the terms. English at 1280 px, Polish at 390 px, axe on every screen. With SITE_SHOTS=<dir>, screenshots
// of the home page, a sales page and the settings at both widths.
import type { Page } from "@playwright/test";
import { png } from "#tests/helpers/media-fixtures.ts";
import { addCourse } from "#tests/integration/catalog-helpers.ts";
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";

const shots = process.env.SITE_SHOTS;

async function shoot(page: Page, name: string) {
  if (!shots) return;
  const original = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}

async function saveSettings(page: Page, saved: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/home/settings" && r.request().method() === "PUT"),
    page.getByRole("button", { name: /^(Save|Zapisz)$/ }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(page.getByText(saved, { exact: true }).first()).toBeVisible();
}

test.describe("the school's own site", () => {
  // Each test walks the whole flow as the owner and as a visitor (and takes screenshots when asked).
  test.describe.configure({ timeout: 120_000 });

  test("in English at 1280 px: brand, footer and legal pages, as a visitor sees them", async ({
    page,
    newPage,
    server,
    schoolEn,
  }) => {
    await addCourse(server, { slug: "pottery-basics", title: "Pottery basics", price_cents: 4900 });
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    // A school without terms is told so on its dashboard.
    await expect(page.getByText("Your checkout has no terms")).toBeVisible();
    await expectAccessible(page);

    await gotoHydrated(page, "/home/settings");
    const logo = page.getByRole("group", { name: "Logo", exact: true });
    await logo
      .getByLabel(/Choose an image/)
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(120, 40) });
    await expect(page.getByText("Image saved")).toBeVisible();
    await expect(logo.getByRole("img")).toBeVisible();

    const brand = page.getByRole("textbox", { name: "Brand colour", exact: true });
    await brand.fill("#ffd400");
    const warning = page.locator('[data-notice="contrast"]');
    await expect(warning).toContainText("The button text is hard to read on the brand colour: contrast 1.4:1");
    await brand.fill("#0f766e");
    await expect(warning).toHaveCount(0);
    await page.getByLabel("Description").fill("Pottery classes for beginners.");
    await page.getByLabel("Contact e-mail").fill("hello@clay.example");
    await page.getByLabel("Social links").fill("https://www.instagram.com/clay");
    await page.getByLabel("Footer text").fill("Wheels turn every Tuesday.");
    await page.getByLabel("Company name").fill("Clay Ltd");
    await saveSettings(page, "Saved");
    await expectAccessible(page);
    await shoot(page, "settings-en");

    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Legal pages" }).click();
    await page.waitForURL("**/home/legal");
    await page.getByRole("textbox", { name: "Terms and conditions" }).fill("## Refunds\n\nWithin 14 days.");
    await page.getByRole("textbox", { name: "Privacy policy" }).fill("We keep your e-mail address.");
    const [legal] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/home/legal" && r.request().method() === "PUT"),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    expect(legal.status()).toBe(200);
    await expectAccessible(page);

    const visitor = await newPage();
    // The school row is cached for two seconds per process: wait until a visitor sees the change.
    await expect(async () => {
      await gotoHydrated(visitor, "/");
      await expect(visitor.getByTestId("site-footer")).toContainText("Wheels turn every Tuesday.", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(visitor.getByTestId("school-logo")).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Create an account" })).toHaveCSS(
      "background-color",
      "rgb(15, 118, 110)",
    );
    const footer = visitor.getByTestId("site-footer");
    await expect(footer.getByRole("link", { name: "hello@clay.example" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "instagram.com/clay" })).toBeVisible();
    await expectAccessible(visitor);
    await shoot(visitor, "home-en");

    await gotoHydrated(visitor, "/pottery-basics");
    await expectAccessible(visitor);
    await shoot(visitor, "sales-en");

    await footer.getByRole("link", { name: "Terms and conditions" }).click();
    await visitor.waitForURL("**/terms");
    await expect(visitor.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 2, name: "Refunds" })).toBeVisible();
    await expectAccessible(visitor);

    await gotoHydrated(page, "/home");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Your checkout has no terms")).toHaveCount(0);
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("in Polish at 390 px: the owner writes the terms, a visitor reads them from the footer", async ({
      page,
      newPage,
      server,
      schoolEn,
    }) => {
      await addCourse(server, { slug: "garncarstwo", title: "Garncarstwo od podstaw", price_cents: 4900 });
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await gotoHydrated(page, "/home/settings");
      await page.getByLabel("Language").selectOption("pl");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Ustawienia" })).toBeVisible();
      await expect(page.getByText("Zapisano", { exact: true }).first()).toBeVisible();

      await page.getByRole("textbox", { name: "Kolor marki", exact: true }).fill("#fde047");
      await expect(page.locator('[data-notice="contrast"]')).toContainText("kontrast 1,3:1");
      await page.getByRole("textbox", { name: "Kolor marki", exact: true }).fill("#9a3412");
      await page.getByRole("textbox", { name: "NIP" }).fill("PL5260001246");
      await page.getByRole("textbox", { name: "Nazwa firmy" }).fill("Glina sp. z o.o.");
      await saveSettings(page, "Zapisano");
      await expectAccessible(page);
      await shoot(page, "settings-pl");

      await gotoHydrated(page, "/home/legal");
      await expect(page.getByRole("heading", { level: 1, name: "Strony prawne" })).toBeVisible();
      await page.getByRole("textbox", { name: "Regulamin" }).fill("## Zwroty\n\nW ciągu 14 dni.");
      await page.getByRole("textbox", { name: "Informacja o odstąpieniu od umowy" }).fill("Masz 14 dni.");
      await page.getByRole("button", { name: "Zapisz" }).click();
      await expect(page.getByText("Zapisano", { exact: true }).first()).toBeVisible();
      await expectAccessible(page);

      const visitor = await newPage({ viewport: { width: 390, height: 844 } });
      await expect(async () => {
        await gotoHydrated(visitor, "/");
        await expect(visitor.getByTestId("company-details")).toContainText("NIP: PL5260001246", { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expectAccessible(visitor);
      await shoot(visitor, "home-pl");

      await gotoHydrated(visitor, "/garncarstwo");
      await expectAccessible(visitor);
      await shoot(visitor, "sales-pl");

      await gotoHydrated(visitor, "/garncarstwo/checkout");
      await expect(visitor.getByRole("link", { name: "regulamin sprzedaży" })).toHaveAttribute("href", "/terms");
      await expect(visitor.getByRole("link", { name: "prawie odstąpienia od umowy" })).toBeVisible();
      await expectAccessible(visitor);

      await visitor.getByTestId("site-footer").getByRole("link", { name: "Regulamin" }).click();
      await visitor.waitForURL("**/terms");
      await expect(visitor.getByRole("heading", { level: 2, name: "Zwroty" })).toBeVisible();
      await expectAccessible(visitor);
    });
  });
});
