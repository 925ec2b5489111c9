// Shared by the purchase specs (English and Polish): one school per server with a promoted course, a free course
// and promo codes; the texts a buyer reads in each language; and the walks through the checkout, the simulated
// payment page and the payment status page that both languages take.
import type { BrowserContext, Page } from "@playwright/test";
import { setUpSchool } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { addCourse, daysFromNow } from "#tests/integration/catalog-helpers.ts";
import { addPromoCode } from "#tests/integration/selling-helpers.ts";
import { expect, expectAccessible, gotoHydrated, waitForHydration } from "./fixtures.ts";

export type Lang = "en" | "pl";

export const purchaseTexts = {
  en: {
    price: "€89.00",
    regular: "€129.00",
    lowest: "Lowest price in the last 30 days: €129.00",
    promoPay: "Pay €80.10",
    promoApplied: "Code SAVE10 applied: −€8.90",
    teamPay: "Pay €267.00",
    name: "Full name",
    email: "E-mail",
    newPassword: "Choose a password",
    password: "Password",
    // The consent names the terms only when the school has written them (a sample school has; others not yet).
    terms: /^(I accept the terms of sale and the privacy policy\.|I confirm my order\.)$/,
    testProvider: "Test payment (simulated)",
    banner: "Test payment — no money moves",
    pay: /^Pay .* \(simulated\)$/,
    fail: "Fail the payment",
    pending: "Waiting for the payment confirmation",
    paid: "Payment successful",
    free: "Access granted",
    failed: "Your payment did not go through",
    goBack: "Go back",
    start: "Start",
    manageAccess: "Manage access",
    getAccess: "Get access",
    invoice: "I need a company invoice",
    vat: "VAT number",
    postal: "Postal code",
    company: "Company name",
    vatError: "Incorrect VAT Number format",
    postalError: "Enter a postal code like 12-345.",
    required: "This field is required.",
    termsError: "Please tick the consent box to continue.",
    promo: "Promo code",
    apply: "Apply",
    invalidCode: "Invalid coupon code",
    haveAccount: "Log in",
    logIn: "Log in",
    seatsMore: "One seat more",
    priceChanged: "The price has changed to €129.00. Please check it and try again.",
  },
  pl: {
    price: "89,00 zł",
    regular: "129,00 zł",
    lowest: "Najniższa cena z ostatnich 30 dni: 129,00 zł",
    promoPay: "Zapłać 80,10 zł",
    promoApplied: "Kod SAVE10 zastosowany: −8,90 zł",
    teamPay: "Zapłać 267,00 zł",
    name: "Imię i nazwisko",
    email: "E-mail",
    newPassword: "Ustal hasło",
    password: "Hasło",
    terms: /^(Akceptuję regulamin sprzedaży i politykę prywatności\.|Potwierdzam zamówienie\.)$/,
    testProvider: "Płatność testowa (symulowana)",
    banner: "Płatność testowa – pieniądze nie są pobierane",
    pay: /^Zapłać .* \(symulacja\)$/,
    fail: "Odrzuć płatność",
    pending: "Czekamy na potwierdzenie płatności",
    paid: "Płatność zakończona powodzeniem",
    free: "Dostęp przyznany",
    failed: "Płatność nie powiodła się",
    goBack: "Wróć",
    start: "Rozpocznij",
    manageAccess: "Zarządzaj dostępem",
    getAccess: "Uzyskaj dostęp",
    invoice: "Chcę fakturę na firmę",
    vat: "NIP",
    postal: "Kod pocztowy",
    company: "Nazwa firmy",
    vatError: "Nieprawidłowy format numeru NIP",
    postalError: "Podaj kod pocztowy w formacie 12-345.",
    required: "To pole jest wymagane.",
    termsError: "Zaznacz pole zgody, aby kontynuować.",
    promo: "Kod rabatowy",
    apply: "Zastosuj",
    invalidCode: "Nieprawidłowy kod rabatowy",
    haveAccount: "Zaloguj się",
    logIn: "Zaloguj się",
    seatsMore: "Jedno miejsce więcej",
    priceChanged: "Cena zmieniła się na 129,00 zł. Sprawdź ją i spróbuj ponownie.",
  },
} as const;

export type Shop = { courseId: number; freeCourseId: number; kilnCourseId: number };

const shops = new WeakMap<TestServer, Promise<Shop>>();

/** The school (in the spec file's language) with its courses and promo codes, once per server. */
export function shopOn(server: TestServer, language: Lang): Promise<Shop> {
  let shop = shops.get(server);
  if (!shop) {
    shop = (async () => {
      await setUpSchool(server, { language, currency: language === "pl" ? "PLN" : "EUR" });
      const currency = language === "pl" ? "PLN" : "EUR";
      const sections = [
        {
          title: "Clay",
          lectures: [
            { title: "Centering the clay", minutes: 12 },
            { title: "Throwing a bowl", minutes: 20 },
          ],
        },
      ];
      const promo = {
        price_cents: 12900,
        promo_price_cents: 8900,
        promo_starts_at: daysFromNow(-1),
        promo_ends_at: daysFromNow(6),
        currency,
        sections,
      };
      const courseId = await addCourse(server, { slug: "pottery", title: "Pottery at home", ...promo });
      await addCourse(server, { slug: "glazing", title: "Glazing", ...promo });
      const kilnCourseId = await addCourse(server, { slug: "kiln", title: "Kiln firing", ...promo });
      const freeCourseId = await addCourse(server, {
        slug: "free-intro",
        title: "Free intro",
        price_cents: 0,
        currency,
        sections,
      });
      await server.handle.db.updateTable("courses").set({ vat_rate: 23 }).execute();
      await addPromoCode(server, { code: "SAVE10", amount: 10 });
      return { courseId, freeCourseId, kilnCourseId };
    })();
    shops.set(server, shop);
  }
  return shop;
}

export function viewport(width: number) {
  return { width, height: width < 600 ? 844 : 800 };
}

/** Fills the guest part of the checkout: name, e-mail and the new account's password. */
export async function fillGuest(
  page: Page,
  t: (typeof purchaseTexts)[Lang],
  buyer: { name: string; email: string; password: string },
) {
  await page.getByLabel(t.name, { exact: true }).fill(buyer.name);
  await page.getByLabel(t.email, { exact: true }).fill(buyer.email);
  await page.getByLabel(t.newPassword, { exact: true }).fill(buyer.password);
}

/** Sends the checkout and waits for the simulated payment page. */
export async function payOnCheckout(page: Page, payLabel: string | RegExp) {
  await page.getByRole("button", { name: payLabel }).click();
  await page.waitForURL(/\/payments\/test\/[\w-]{20,}$/);
  await waitForHydration(page);
}

/** The simulated payment page: marked as a test, accessible; then the buyer's decision. */
export async function decideTestPayment(page: Page, t: (typeof purchaseTexts)[Lang], decision: "pay" | "fail") {
  await expect(page.getByTestId("test-banner")).toContainText(t.banner);
  await expectAccessible(page);
  await page.getByRole("button", { name: decision === "pay" ? t.pay : t.fail }).click();
  await page.waitForURL(/\/transaction\/[\w-]{20,}$/);
  await waitForHydration(page);
}

export function hashOf(url: string): string {
  return url.split("/").pop()!;
}

export async function dataLayerOf(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
}

export async function promoCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "studium_promo");
}

/**
 * The main walk: a visitor follows a ?promo= link to the sales page, goes to the checkout (the code is filled in and
 * applied), registers inside the checkout, watches the status page wait in another tab while paying on the
 * simulated page, sees it resolve, and clicks Start into the watch page.
 */
export async function buyWithPromoAndStart(options: {
  page: Page;
  language: Lang;
  buyer: { name: string; email: string; password: string };
}) {
  const { page, language, buyer } = options;
  const t = purchaseTexts[language];
  await gotoHydrated(page, "/pottery?promo=SAVE10");
  expect((await promoCookie(page.context()))?.value).toBe("SAVE10");
  await gotoHydrated(page, "/pottery/checkout");
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByTestId("promo-price")).toHaveText(t.price);
  await expect(summary.getByTestId("regular-price")).toHaveText(t.regular);
  await expect(summary.getByTestId("lowest-30-days")).toHaveText(t.lowest);
  await expect(page.getByTestId("promo-applied")).toContainText(t.promoApplied);
  await expect(page.getByText(t.testProvider)).toBeVisible();
  await expectAccessible(page);

  await fillGuest(page, t, buyer);
  await page.getByLabel(t.terms).check();
  await payOnCheckout(page, t.promoPay);
  const hash = hashOf(page.url());
  await expect(page.getByTestId("test-amount")).toHaveText(language === "pl" ? "80,10 zł" : "€80.10");

  // The status page, opened before the payment is decided, waits and polls.
  const status = await page.context().newPage();
  await gotoHydrated(status, `/transaction/${hash}`);
  await expect(status.getByRole("heading", { level: 1, name: t.pending })).toBeVisible();
  await expect(status.getByTestId("payment-spinner")).toBeVisible();
  await expectAccessible(status);

  await decideTestPayment(page, t, "pay");
  await expect(page.getByRole("heading", { level: 1, name: t.paid })).toBeVisible();

  // Within one 5 s poll, the waiting tab resolves too.
  await expect(status.getByRole("heading", { level: 1, name: t.paid })).toBeVisible({ timeout: 12_000 });
  await expectAccessible(status);
  const conversions = (await dataLayerOf(page)).concat(await dataLayerOf(status));
  expect(conversions.filter((entry) => (entry as { event?: string }).event === "purchase")).toHaveLength(1);
  expect(conversions).toContainEqual(
    expect.objectContaining({ event: "purchase", value: 80.1, currency: language === "pl" ? "PLN" : "EUR" }),
  );
  expect(await promoCookie(page.context())).toBeUndefined();
  // Once per transaction, also after a reload.
  await status.reload();
  await waitForHydration(status);
  await expect(status.getByRole("heading", { level: 1, name: t.paid })).toBeVisible();
  expect(await dataLayerOf(status)).toEqual([]);

  await status.getByRole("link", { name: t.start }).click();
  await status.waitForURL(/\/pottery\/watch\/\d+$/);
  await status.close();
  return hash;
}

/** A failed payment: the failure card, and Go back returns to the checkout. */
export async function failAndGoBack(
  page: Page,
  language: Lang,
  buyer: { name: string; email: string; password: string },
) {
  const t = purchaseTexts[language];
  await gotoHydrated(page, "/glazing/checkout");
  await fillGuest(page, t, buyer);
  await page.getByLabel(t.terms).check();
  await payOnCheckout(page, new RegExp(`^${t.promoPay.split(" ")[0]} `));
  await decideTestPayment(page, t, "fail");
  await expect(page.getByRole("heading", { level: 1, name: t.failed })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: t.goBack }).click();
  await page.waitForURL(/\/glazing\/checkout$/);
  await waitForHydration(page);
  await expect(page.getByTestId("order-summary")).toBeVisible();
}

/** A free course: 'Get access', then 'Access granted' and Start. */
export async function takeFreeCourse(
  page: Page,
  language: Lang,
  buyer: { name: string; email: string; password: string },
) {
  const t = purchaseTexts[language];
  await gotoHydrated(page, "/free-intro/checkout");
  await expect(page.getByText(t.testProvider)).toHaveCount(0);
  await fillGuest(page, t, buyer);
  await page.getByLabel(t.terms).check();
  await page.getByRole("button", { name: t.getAccess }).click();
  await page.waitForURL(/\/transaction\/[\w-]{20,}$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: t.free })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: t.start }).click();
  await page.waitForURL(/\/free-intro\/watch\/\d+$/);
}

/** The company invoice's field errors, under their fields (shared schema, before anything is sent). */
export async function showInvoiceErrors(page: Page, language: Lang) {
  const t = purchaseTexts[language];
  await gotoHydrated(page, "/pottery/checkout");
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") calls.push(new URL(request.url()).pathname);
  });
  await page.getByLabel(t.invoice).check();
  await page.getByLabel(t.vat, { exact: true }).fill("PL 123-456");
  await page.getByLabel(t.postal, { exact: true }).fill("12345");
  await page.getByRole("button", { name: new RegExp(`^${t.promoPay.split(" ")[0]} `) }).click();
  const vat = page.getByLabel(t.vat, { exact: true });
  await expect(vat).toHaveAttribute("aria-invalid", "true");
  await expect(vat).toHaveAccessibleDescription(t.vatError);
  await expect(page.locator('[data-field-error="vat_number"]')).toHaveText(t.vatError);
  await expect(page.locator('[data-field-error="postal_code"]')).toHaveText(t.postalError);
  await expect(page.locator('[data-field-error="company_name"]')).toHaveText(t.required);
  await expect(page.locator('[data-field-error="terms"]')).toHaveText(t.termsError);
  await expect(page.getByLabel(t.name, { exact: true })).toBeFocused();
  await expectAccessible(page);
  expect(calls).toEqual([]);
}
