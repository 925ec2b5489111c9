// Buying in the browser, in English, at 390 and 1280 px, with axe on the checkout, the simulated payment page and
// the status page: a promo-link purchase with the account made inside the checkout (the status page resolving by
// its poll, the conversion sent once, the promo cookie cleared, Start into the watch page); a failed payment and
// Go back; a team purchase ending on 'Manage access'; a free course ('Access granted'); invoice field errors; the
// inline log-in; a changed price (409); and the whole purchase as plain HTML forms without JavaScript.
import { registerStudent } from "#tests/helpers/school.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test } from "../fixtures.ts";
import {
  buyWithPromoAndStart,
  decideTestPayment,
  failAndGoBack,
  payOnCheckout,
  promoCookie,
  purchaseTexts,
  shopOn,
  showInvoiceErrors,
  takeFreeCourse,
  viewport,
} from "../purchase.ts";

const t = purchaseTexts.en;

// English at 1280 px; its Polish twin walks the same flow at 390 px (docs/decisions/0035).
for (const width of [1280]) {
  test.describe(`buying in English at ${width} px`, () => {
    test("a visitor buys a course with a promo code, registering in the checkout, and starts watching", async ({
      server,
      newPage,
    }) => {
      // A long walk over four pages with axe on each, and one 5 s poll.
      test.slow();
      await shopOn(server, "en");
      const page = await newPage({ viewport: viewport(width) });
      await buyWithPromoAndStart({ page, language: "en", buyer: newStudent("Bea Buyer") });
    });

    test("a failed payment shows the failure card and Go back returns to the checkout", async ({ server, newPage }) => {
      await shopOn(server, "en");
      const page = await newPage({ viewport: viewport(width) });
      await failAndGoBack(page, "en", newStudent("Fay Fail"));
    });

    test("a team purchase of three seats ends on 'Manage access'", async ({ server, newPage }) => {
      const { courseId } = await shopOn(server, "en");
      const buyer = newStudent("Tia Team");
      await registerStudent(server, buyer);
      const page = await newPage({ viewport: viewport(width) });
      await login(page, buyer.email, buyer.password);
      await gotoHydrated(page, "/pottery/checkout");
      await expect(page.getByTestId("buyer-account")).toContainText(buyer.email);
      await page.getByRole("button", { name: t.seatsMore }).click();
      await page.getByRole("button", { name: t.seatsMore }).click();
      await expect(page.getByTestId("seats-hint")).toContainText("3 seats");
      await expect(page.getByTestId("summary-subtotal")).toHaveText("€267.00");
      await page.getByLabel(t.terms).check();
      await expectAccessible(page);
      await payOnCheckout(page, t.teamPay);
      await expect(page.getByTestId("test-product")).toHaveText("Pottery at home × 3");
      await decideTestPayment(page, t, "pay");
      await expect(page.getByRole("heading", { level: 1, name: t.paid })).toBeVisible();
      await expect(page.getByRole("link", { name: t.manageAccess })).toHaveAttribute(
        "href",
        `/home/access-manager/${courseId}`,
      );
      await expect(page.getByTestId("invitations-left")).toHaveText("3 seats left to hand out with invitations.");
      await expectAccessible(page);
    });
  });
}

test.describe("buying in English", () => {
  test("a free course says 'Access granted' (390 px)", async ({ server, newPage }) => {
    await shopOn(server, "en");
    const page = await newPage({ viewport: viewport(390) });
    await takeFreeCourse(page, "en", newStudent("Fred Free"));
  });

  for (const width of [390, 1280]) {
    test(`the invoice's field errors show under the fields (${width} px)`, async ({ server, newPage }) => {
      await shopOn(server, "en");
      const page = await newPage({ viewport: viewport(width) });
      await showInvoiceErrors(page, "en");
    });
  }

  test("a ?promo= link straight to the checkout fills the code in; a wrong code is said under the field", async ({
    server,
    newPage,
  }) => {
    await shopOn(server, "en");
    const page = await newPage({ viewport: viewport(1280) });
    // The answer that sets the cookie was rendered without it: the page's script applies it.
    await gotoHydrated(page, "/pottery/checkout?promo=save10");
    await expect(page.getByTestId("promo-applied")).toContainText(t.promoApplied);
    await page.getByTestId("promo-applied").getByRole("button").click();
    expect(await promoCookie(page.context())).toBeUndefined();
    await expect(page.getByRole("button", { name: "Pay €89.00" })).toBeVisible();
    await page.getByLabel(t.promo, { exact: true }).fill("NOPE");
    await page.getByRole("button", { name: t.apply }).click();
    await expect(page.locator('[data-field-error="promo_code"]')).toHaveText(t.invalidCode);
    await expect(page.getByLabel(t.promo, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await page.getByLabel(t.promo, { exact: true }).fill("save10");
    await page.getByRole("button", { name: t.apply }).click();
    await expect(page.getByTestId("promo-applied")).toContainText(t.promoApplied);
    await expect(page.getByRole("button", { name: t.promoPay })).toBeVisible();
  });

  test("a buyer with an account logs in inside the checkout and pays (1280 px)", async ({ server, newPage }) => {
    await shopOn(server, "en");
    const buyer = newStudent("Lou Login");
    await registerStudent(server, buyer);
    const page = await newPage({ viewport: viewport(1280) });
    await gotoHydrated(page, "/glazing/checkout");
    const form = page.locator("[data-checkout-form]");
    await form.getByRole("link", { name: t.haveAccount }).click();
    await form.getByLabel(t.email, { exact: true }).fill(buyer.email);
    await form.getByLabel(t.password, { exact: true }).fill("wrong-password");
    await page.getByTestId("inline-login").click();
    await expect(form.locator('[data-field-error="email"]')).toBeVisible();
    await form.getByLabel(t.password, { exact: true }).fill(buyer.password);
    await page.getByTestId("inline-login").click();
    await expect(page.getByTestId("buyer-account")).toContainText(buyer.email);
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await expect(form.getByLabel(t.name, { exact: true })).toHaveValue(buyer.name);
    await page.getByLabel(t.terms).check();
    await expectAccessible(page);
    // The token of the new session is the page's now: the order goes through.
    await payOnCheckout(page, "Pay €89.00");
    await decideTestPayment(page, t, "pay");
    await expect(page.getByRole("heading", { level: 1, name: t.paid })).toBeVisible();
  });

  test("a price that changed meanwhile is said above the button and the page shows the new one (390 px)", async ({
    server,
    newPage,
  }) => {
    const { kilnCourseId } = await shopOn(server, "en");
    const page = await newPage({ viewport: viewport(390) });
    await gotoHydrated(page, "/kiln/checkout");
    await expect(page.getByRole("button", { name: "Pay €89.00" })).toBeVisible();
    await server.handle.db
      .updateTable("courses")
      .set({ promo_ends_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", kilnCourseId)
      .execute();
    const buyer = newStudent("Cat Change");
    await page.getByLabel(t.name, { exact: true }).fill(buyer.name);
    await page.getByLabel(t.email, { exact: true }).fill(buyer.email);
    await page.getByLabel(t.newPassword, { exact: true }).fill(buyer.password);
    await page.getByLabel(t.terms).check();
    await page.getByRole("button", { name: "Pay €89.00" }).click();
    await expect(page.getByRole("alert")).toHaveText(t.priceChanged);
    await expect(page.getByRole("button", { name: "Pay €129.00" })).toBeVisible();
    await expect(page.getByTestId("summary-total")).toHaveText("€129.00");
    await expectAccessible(page);
  });

  test("the whole purchase works as plain HTML forms, without JavaScript", async ({ server, browser, baseURL }) => {
    await shopOn(server, "en");
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: viewport(1280) });
    try {
      const page = await context.newPage();
      await page.goto("/glazing/checkout");
      const buyer = newStudent("Noah NoScript");
      await page.getByLabel(t.name, { exact: true }).fill(buyer.name);
      await page.getByLabel(t.email, { exact: true }).fill(buyer.email);
      await page.getByLabel(t.newPassword, { exact: true }).fill(buyer.password);
      // Without the terms, the server sends the form back with its message.
      await page.getByRole("button", { name: "Pay €89.00" }).click();
      await page.waitForURL(/\/glazing\/checkout\?error=/);
      await expect(page.getByRole("alert")).toHaveText(t.termsError);
      await page.getByLabel(t.name, { exact: true }).fill(buyer.name);
      await page.getByLabel(t.email, { exact: true }).fill(buyer.email);
      await page.getByLabel(t.newPassword, { exact: true }).fill(buyer.password);
      await page.getByLabel(t.terms).check();
      await page.getByRole("button", { name: "Pay €89.00" }).click();
      await page.waitForURL(/\/payments\/test\/[\w-]{20,}$/);
      await expect(page.getByTestId("test-banner")).toContainText(t.banner);
      await page.getByRole("button", { name: t.pay }).click();
      await page.waitForURL(/\/transaction\/[\w-]{20,}$/);
      await expect(page.getByRole("heading", { level: 1, name: t.paid })).toBeVisible();
      await expect(page.getByRole("link", { name: t.start })).toHaveAttribute("href", "/glazing/watch");
    } finally {
      await context.close();
    }
  });
});
