// First run: a fresh install sends every page to /setup; the owner fills it in (in English, with sample
// content) and lands on the school's home page, logged in.
import { expect, expectAccessible, gotoHydrated, test, waitForHydration } from "../fixtures.ts";

test("a fresh install is set up from /setup and lands on the home page", async ({ page }) => {
  await gotoHydrated(page, "/");
  expect(new URL(page.url()).pathname).toBe("/setup");
  await expect(page.getByRole("heading", { level: 1, name: "Set up your school" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("School name").fill("Riverside Photography School");
  await page.getByLabel("Language").selectOption({ label: "English" });
  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByLabel("Your name").fill("Olivia Owner");
  await page.getByLabel("E-mail", { exact: true }).fill("olivia@example.com");
  await page.getByLabel("Password", { exact: true }).fill("olivia-secret");
  await page.getByLabel("Add sample content").check();
  await page.getByRole("button", { name: "Create the school" }).click();

  // With sample content, the page first shows the sample student's login once.
  await expect(page.getByRole("heading", { level: 1, name: "Your school is ready" })).toBeVisible();
  await expect(page.getByTestId("sample-student-email")).toHaveText(/@/);
  await expect(page.getByTestId("sample-student-password")).not.toBeEmpty();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Go to your school" }).click();

  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Riverside Photography School" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The owner is logged in.
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expectAccessible(page);

  // Setup happens once: /setup now leads home.
  await gotoHydrated(page, "/setup");
  expect(new URL(page.url()).pathname).toBe("/");
});
