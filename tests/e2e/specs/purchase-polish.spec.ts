// Buying in the browser in Polish (a Polish school, prices in złoty), at 390 and 1280 px, with axe on each page:
// a promo-link purchase with the account made inside the checkout, watched to the end on the status page and on
// into the watch page; a failed payment and 'Wróć'; a free course ('Dostęp przyznany'); the invoice's errors in
// Polish; a team purchase ending on 'Zarządzaj dostępem'.
import { registerStudent } from "#tests/helpers/school.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test } from "../fixtures.ts";
import {
  buyWithPromoAndStart,
  decideTestPayment,
  failAndGoBack,
  payOnCheckout,
  purchaseTexts,
  shopOn,
  showInvoiceErrors,
  takeFreeCourse,
  viewport,
} from "../purchase.ts";

const t = purchaseTexts.pl;

// Polish at 390 px; its English twin walks the same flow at 1280 px (docs/decisions/0035).
for (const width of [390]) {
  test.describe(`zakupy po polsku przy ${width} px`, () => {
    test("gość kupuje kurs z kodem rabatowym, zakłada konto w zamówieniu i zaczyna oglądać", async ({
      server,
      newPage,
    }) => {
      // A long walk over four pages with axe on each, and one 5 s poll.
      test.slow();
      await shopOn(server, "pl");
      const page = await newPage({ viewport: viewport(width) });
      await buyWithPromoAndStart({ page, language: "pl", buyer: newStudent("Beata Kupująca") });
    });

    test("nieudana płatność pokazuje kartę błędu, a 'Wróć' prowadzi do zamówienia", async ({ server, newPage }) => {
      await shopOn(server, "pl");
      const page = await newPage({ viewport: viewport(width) });
      await failAndGoBack(page, "pl", newStudent("Fabian Porażka"));
    });
  });
}

test.describe("zakupy po polsku", () => {
  test("darmowy kurs: 'Dostęp przyznany' (1280 px)", async ({ server, newPage }) => {
    await shopOn(server, "pl");
    const page = await newPage({ viewport: viewport(1280) });
    await takeFreeCourse(page, "pl", newStudent("Franek Darmowy"));
  });

  test("błędy danych do faktury pod polami (390 px)", async ({ server, newPage }) => {
    await shopOn(server, "pl");
    const page = await newPage({ viewport: viewport(390) });
    await showInvoiceErrors(page, "pl");
  });

  test("zakup dla zespołu (3 miejsca) kończy się przyciskiem 'Zarządzaj dostępem' (390 px)", async ({
    server,
    newPage,
  }) => {
    const { courseId } = await shopOn(server, "pl");
    const buyer = newStudent("Tamara Zespół");
    await registerStudent(server, buyer);
    const page = await newPage({ viewport: viewport(390) });
    await login(page, buyer.email, buyer.password);
    await gotoHydrated(page, "/pottery/checkout");
    await page.getByRole("button", { name: t.seatsMore }).click();
    await page.getByRole("button", { name: t.seatsMore }).click();
    await expect(page.getByTestId("seats-hint")).toContainText("3 miejsca");
    await page.getByLabel(t.terms).check();
    await expectAccessible(page);
    await payOnCheckout(page, t.teamPay);
    await decideTestPayment(page, t, "pay");
    await expect(page.getByRole("heading", { level: 1, name: t.paid })).toBeVisible();
    await expect(page.getByRole("link", { name: t.manageAccess })).toHaveAttribute(
      "href",
      `/home/access-manager/${courseId}`,
    );
    await expect(page.getByTestId("invitations-left")).toHaveText(
      "Do rozdania zostały 3 miejsca – wyślij zaproszenia.",
    );
    await expectAccessible(page);
  });
});
