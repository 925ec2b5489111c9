// /home/integrations and /my/invoices in a Polish school, at 1280 px and 390 px: as integrations.spec.ts, in Polish.
import { login, test } from "../fixtures.ts";
import { checkMyInvoices, walkIntegrations } from "../integrations-walk.ts";

test.describe("strona integracji", () => {
  test("konfiguruje, edytuje, przełącza i usuwa integrację przy 1280 px", async ({ page, schoolPl }) => {
    // A long walk (four axe runs) on a machine shared with other test runs.
    test.setTimeout(150_000);
    await login(page, schoolPl.owner.email, schoolPl.owner.password);
    await walkIntegrations(page, "pl", { viaNavigation: true });
  });

  test("strona faktur kupującego przy 1280 px", async ({ page, server, schoolPl }) => {
    void schoolPl;
    await checkMyInvoices(page, server, "pl");
  });

  test.describe("na wąskim ekranie", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("konfiguruje, edytuje, przełącza i usuwa integrację przy 390 px", async ({ page, schoolPl }) => {
      // A long walk (four axe runs) on a machine shared with other test runs.
      test.setTimeout(150_000);
      await login(page, schoolPl.owner.email, schoolPl.owner.password);
      await walkIntegrations(page, "pl", { viaNavigation: false });
    });

    test("strona faktur kupującego przy 390 px", async ({ page, server, schoolPl }) => {
      void schoolPl;
      await checkMyInvoices(page, server, "pl");
    });
  });
});
