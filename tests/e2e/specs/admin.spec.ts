// The admin area: the owner's /home with its navigation, the registration switch in /home/settings, and the
// navigation drawer on a narrow screen.
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";

test.describe("the admin area", () => {
  test("the owner logs in and sees /home with its navigation", async ({ page, schoolEn }) => {
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    expect(new URL(page.url()).pathname).toBe("/home");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Admin navigation" });
    await expect(nav).toBeVisible();
    for (const name of ["Dashboard", "Settings", "Mail outbox"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/home/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    await nav.getByRole("link", { name: "Mail outbox" }).click();
    await page.waitForURL("**/home/mail");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test("switching registration off in /home/settings closes /register", async ({ page, newPage, schoolEn }) => {
    const visitor = await newPage();
    await gotoHydrated(visitor, "/register");
    await expect(visitor.getByRole("button", { name: "Create account" })).toBeVisible();

    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await gotoHydrated(page, "/home/settings");
    const registration = page.getByRole("switch", { name: "Registration enabled" });
    await expect(registration).toBeChecked();
    await registration.uncheck();
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/home/settings" && r.request().method() === "PUT"),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();

    // The school is cached for two seconds: wait until a visitor sees the switch.
    await expect(async () => {
      await gotoHydrated(visitor, "/register");
      await expect(visitor.getByText("Registration is temporarily disabled")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(visitor.getByRole("button", { name: "Create account" })).toHaveCount(0);
    await expectAccessible(visitor);

    // The setting is kept: the form shows it off after a reload.
    await gotoHydrated(page, "/home/settings");
    await expect(page.getByRole("switch", { name: "Registration enabled" })).not.toBeChecked();
  });

  test.describe("on a short laptop screen", () => {
    test.use({ viewport: { width: 1280, height: 600 } });

    test("the grouped navigation scrolls to its last entry", async ({ page, schoolEn }) => {
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      const nav = page.getByRole("navigation", { name: "Admin navigation" });
      for (const group of ["Content", "Selling", "Audience", "Site", "System"])
        await expect(nav.getByText(group, { exact: true })).toBeVisible();
      // Below the fold of a 600 px screen: reachable only because the sidebar scrolls.
      await nav.getByRole("link", { name: "Caches" }).click();
      await page.waitForURL("**/home/caches");
      await expect(nav.getByRole("link", { name: "Caches" })).toHaveAttribute("aria-current", "page");
    });
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the navigation opens from the menu button", async ({ page, schoolEn }) => {
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      expect(new URL(page.url()).pathname).toBe("/home");
      const nav = page.getByRole("navigation", { name: "Admin navigation" });
      await expect(nav).toBeHidden();
      await expectAccessible(page);

      await page.getByRole("button", { name: "Open the menu" }).click();
      const drawer = page.getByRole("dialog");
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole("navigation", { name: "Admin navigation" })).toBeVisible();
      await expectAccessible(page);

      // The drawer scrolls too: its last entries stay within reach on a phone.
      await drawer.getByRole("link", { name: "View the site" }).scrollIntoViewIfNeeded();
      await expect(drawer.getByRole("link", { name: "View the site" })).toBeInViewport();

      await drawer.getByRole("link", { name: "Settings" }).click();
      await page.waitForURL("**/home/settings");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    });
  });
});
