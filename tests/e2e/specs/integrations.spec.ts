// /home/integrations in an English school, at 1280 px (reached from the admin navigation) and at 390 px, and the
// buyer's /my/invoices: see tests/e2e/integrations-walk.ts for what is done and checked.
import { login, test } from "../fixtures.ts";
import { checkMyInvoices, walkIntegrations } from "../integrations-walk.ts";

test.describe("the integrations page", () => {
  test("sets up, edits, switches and deletes an integration at 1280 px", async ({ page, schoolEn }) => {
    // A long walk (four axe runs) on a machine shared with other test runs.
    test.setTimeout(150_000);
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await walkIntegrations(page, "en", { viaNavigation: true });
  });

  test("the buyer's invoices page at 1280 px", async ({ page, server, schoolEn }) => {
    void schoolEn;
    await checkMyInvoices(page, server, "en");
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("sets up, edits, switches and deletes an integration at 390 px", async ({ page, schoolEn }) => {
      // A long walk (four axe runs) on a machine shared with other test runs.
      test.setTimeout(150_000);
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await walkIntegrations(page, "en", { viaNavigation: false });
    });

    test("the buyer's invoices page at 390 px", async ({ page, server, schoolEn }) => {
      void schoolEn;
      await checkMyInvoices(page, server, "en");
    });
  });
});
