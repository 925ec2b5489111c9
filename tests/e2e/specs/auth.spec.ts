// Accounts in the browser: register, the avatar menu, log out, log in, wrong passwords and throttling, and a
// password reset whose e-mail the owner sees in the mail outbox (/home/mail) without its link.
import { expect, expectAccessible, gotoHydrated, login, newStudent, test, waitForHydration } from "../fixtures.ts";
import type { Page } from "@playwright/test";
import { resetMailsTo, resetTokenIn } from "../../helpers/accounts.ts";

async function register(page: Page, student: { name: string; email: string; password: string }) {
  await gotoHydrated(page, "/register");
  await page.getByLabel("Name", { exact: true }).fill(student.name);
  await page.getByLabel("E-mail", { exact: true }).fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/my");
  await waitForHydration(page);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
}

/** Submits the login form and returns the status of the JSON call it made. */
async function submitLogin(page: Page, email: string, password: string): Promise<number> {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/login" && r.request().method() === "POST"),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
  return response.status();
}

test.describe("accounts", () => {
  test("a student registers, logs out through the avatar menu and logs in again", async ({ page, schoolEn }) => {
    const student = newStudent();
    await register(page, student);
    // Logged in: the avatar menu shows, with the student's name and address in it.
    const menu = page.getByRole("button", { name: "Account menu" });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page.getByRole("menu")).toContainText(student.name);
    await expect(page.getByRole("menu")).toContainText(student.email);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    await logOut(page);

    await login(page, student.email, student.password);
    expect(new URL(page.url()).pathname).toBe("/my");
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await expect(page.getByRole("link", { name: schoolEn.name })).toBeVisible();
  });

  test("a wrong password shows the message below the e-mail field", async ({ page, schoolEn: _ }) => {
    const student = newStudent();
    await register(page, student);
    await logOut(page);

    await gotoHydrated(page, "/login");
    expect(await submitLogin(page, student.email, "not-the-password")).toBe(422);
    const email = page.getByLabel("E-mail", { exact: true });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("These credentials do not match our records.");
    await expect(page.locator('[data-field-error="email"]')).toHaveText("These credentials do not match our records.");
    // Still on the form, not logged in.
    expect(new URL(page.url()).pathname).toBe("/login");
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  });

  test("the sixth wrong password in a minute is refused with the waiting time", async ({ page, schoolEn: _ }) => {
    const student = newStudent();
    await register(page, student);
    await logOut(page);

    await gotoHydrated(page, "/login");
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await submitLogin(page, student.email, `wrong-${attempt}`), `attempt ${attempt}`).toBe(422);
      await expect(page.getByLabel("E-mail", { exact: true })).toHaveAccessibleDescription(
        "These credentials do not match our records.",
      );
    }
    expect(await submitLogin(page, student.email, "wrong-6")).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    // Even the right password waits now.
    expect(await submitLogin(page, student.email, student.password)).toBe(429);
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  test("a forgotten password is reset through the link in the e-mail", async ({ page, newPage, schoolEn, server }) => {
    const student = newStudent();
    await register(page, student);
    await logOut(page);

    await gotoHydrated(page, "/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByLabel("E-mail", { exact: true }).fill(student.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    // Either answer ends the wait, so a refusal fails with its own message rather than a timeout.
    const answer = page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: /\S/ });
    await expect(answer).toHaveText(/If an account exists for that e-mail address, we have sent a link/);

    // The school has no SMTP server: the owner sees the e-mail in the admin area's mail outbox, but not its
    // link, which only the recipient may hold (core/accounts/send-password-reset-mail.ts).
    const admin = await newPage();
    await login(admin, schoolEn.owner.email, schoolEn.owner.password);
    const subject = `Reset your password at ${schoolEn.name}`;
    await gotoHydrated(admin, "/home/mail");
    await expect(async () => {
      await admin.reload();
      await waitForHydration(admin);
      await expect(admin.getByText(student.email).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await admin.getByText(subject).first().click();
    await expect(admin.getByText(/the link is sent only to the recipient and not kept here/).first()).toBeVisible();
    await expect(admin.getByText(/\/reset-password\?token=/)).toHaveCount(0);

    // The student's mailbox gets the link the mail job derives from its reference.
    const [mail] = await resetMailsTo(server, student.email);
    const link = `${mail!.baseUrl}/reset-password?token=${encodeURIComponent(resetTokenIn(mail!))}`;

    await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
    await expectAccessible(page);
    const newPassword = "a-brand-new-secret";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Set the password" }).click();
    await page.waitForURL("**/my");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

    await logOut(page);
    await gotoHydrated(page, "/login");
    expect(await submitLogin(page, student.email, student.password)).toBe(422);
    await login(page, student.email, newPassword);
    expect(new URL(page.url()).pathname).toBe("/my");
  });

  test("the account pages are accessible", async ({ page, schoolEn: _ }) => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password?token=no-such-token"]) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
    await register(page, newStudent());
    for (const path of ["/my", "/my/account"]) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
  });

  test("the account pages work on a narrow screen", async ({ newPage, schoolEn: _ }) => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    const student = newStudent();
    await register(page, student);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await expectAccessible(page);
    await logOut(page);
    await login(page, student.email, student.password);
    expect(new URL(page.url()).pathname).toBe("/my");
  });
});
