// The HTTP contract's 419 reaction in the browser: a call whose CSRF token does not match the session is
// refused, and the page sends the visitor to /login.
import { expect, gotoHydrated, newStudent, test } from "../fixtures.ts";

test("a form sent with a tampered CSRF token ends on /login, and nothing is done", async ({ page, schoolEn: _ }) => {
  const student = newStudent();
  await gotoHydrated(page, "/register");
  await page.evaluate(() => {
    document.querySelector('meta[name="csrf-token"]')!.setAttribute("content", "tampered-token");
  });
  await page.getByLabel("Name", { exact: true }).fill(student.name);
  await page.getByLabel("E-mail", { exact: true }).fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/register" && r.request().method() === "POST"),
    page.getByRole("button", { name: "Create account" }).click(),
  ]);
  expect(response.status()).toBe(419);
  await page.waitForURL((url) => url.pathname === "/login");
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();

  // The account was not created: its credentials do not log in.
  await gotoHydrated(page, "/login");
  await page.getByLabel("E-mail", { exact: true }).fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveAccessibleDescription(
    "These credentials do not match our records.",
  );
});

test("a logged-in form sent with a tampered CSRF token is refused with 419", async ({ page, schoolEn: _ }) => {
  const student = newStudent();
  await gotoHydrated(page, "/register");
  await page.getByLabel("Name", { exact: true }).fill(student.name);
  await page.getByLabel("E-mail", { exact: true }).fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/my");

  await gotoHydrated(page, "/forgot-password");
  await page.evaluate(() => {
    document.querySelector('meta[name="csrf-token"]')!.setAttribute("content", "tampered-token");
  });
  await page.getByLabel("E-mail", { exact: true }).fill(student.email);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/forgot-password" && r.request().method() === "POST"),
    page.getByRole("button", { name: "Send the link" }).click(),
  ]);
  expect(response.status()).toBe(419);
  // The client goes to /login; a visitor who is still logged in is sent on from there to their own area.
  await page.waitForURL((url) => url.pathname !== "/forgot-password");
  expect(["/login", "/my"]).toContain(new URL(page.url()).pathname);
});
