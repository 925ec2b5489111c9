// A Polish school speaks Polish everywhere: labels, <html lang>, validation messages, the 404 page.
import { expect, expectAccessible, gotoHydrated, test } from "../fixtures.ts";

test.describe("a Polish school", () => {
  test("the login page is in Polish and accessible", async ({ page, schoolPl }) => {
    await gotoHydrated(page, "/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await expect(page.getByRole("heading", { level: 1, name: "Zaloguj się" })).toBeVisible();
    await expect(page.getByLabel("E-mail", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Hasło", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Zaloguj się" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nie pamiętasz hasła?" })).toBeVisible();
    await expect(page.getByRole("link", { name: schoolPl.name })).toBeVisible();
    await expectAccessible(page);
  });

  test("a bad e-mail address gets the Polish validation message below the field", async ({ page, schoolPl: _ }) => {
    await gotoHydrated(page, "/login");
    await page.getByLabel("E-mail", { exact: true }).fill("to-nie-jest-adres");
    await page.getByLabel("Hasło", { exact: true }).fill("cokolwiek");
    await page.getByRole("button", { name: "Zaloguj się" }).click();
    const email = page.getByLabel("E-mail", { exact: true });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Podaj poprawny adres e-mail.");
    await expectAccessible(page);
  });

  test("the server's own validation answers in Polish too", async ({ page, schoolPl: _ }) => {
    await gotoHydrated(page, "/login");
    // Wrong credentials are only known to the server: its 422 message is shown in Polish.
    await page.getByLabel("E-mail", { exact: true }).fill("nikt@example.com");
    await page.getByLabel("Hasło", { exact: true }).fill("zle-haslo");
    await page.getByRole("button", { name: "Zaloguj się" }).click();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveAccessibleDescription(
      "Podane dane logowania są nieprawidłowe.",
    );
  });

  test("an unknown address shows the Polish 404 page", async ({ page, schoolPl: _ }) => {
    const response = await gotoHydrated(page, "/nie-ma-takiej-strony");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await expect(page.getByRole("heading", { level: 1, name: "Nie znaleźliśmy tej strony." })).toBeVisible();
    await expect(page.getByText("Błąd 404")).toBeVisible();
    await expect(page.getByRole("link", { name: "Przejdź na stronę główną" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the login page in Polish on a narrow screen", async ({ newPage, schoolPl: _ }) => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, "/login");
    await expect(page.getByRole("heading", { level: 1, name: "Zaloguj się" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Zaloguj się" })).toBeInViewport();
    await expectAccessible(page);
  });
});
