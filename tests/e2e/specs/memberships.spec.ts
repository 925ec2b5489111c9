// Memberships in the browser (issue 15), in English at 1280 and 390 px: the admin creates a plan and closes its
// sign-ups; a student subscribes through the test provider,
// /my/membership, cancel by keyboard with the survey (tests/e2e/memberships-walk.ts). Polish:
// memberships-polish.spec.ts (one school language per spec file's server).
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";
import { arrangePlan, walkMembership } from "../memberships-walk.ts";

// English at 1280 px; its Polish twin walks the same flow at 390 px (docs/decisions/0035).
for (const viewport of [{ width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the admin creates a plan, then closes its sign-ups", async ({ page, server, schoolEn }) => {
      const name = `Yearly club ${viewport.width}`;
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await gotoHydrated(page, "/home/memberships");
      await expect(page.getByRole("heading", { name: "Membership plans", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "New plan" }).first().click();
      await expect(page.getByRole("heading", { name: "New plan", level: 1 })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Create plan" }).click();
      await expect(page.getByText("This field is required.")).toBeVisible();
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Price (VAT included)").fill("290");
      await page.getByLabel("Billing period").selectOption("12");
      await page.getByRole("button", { name: "Create plan" }).click();
      await page.waitForURL((url) => url.pathname === "/home/memberships");
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("€290.00 / year");
      await expect(row).toContainText("Open");
      await expectAccessible(page);
      await row.getByRole("link", { name }).click();
      await page.getByRole("switch", { name: "Open for new sign-ups" }).uncheck();
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/home/memberships/") && url.search === "");
      await expect(page.getByText("Plan saved").last()).toBeVisible();
      // The creation's 'Plan saved' toast may still be showing: wait for the save itself.
      const plan = () =>
        server.handle.db
          .selectFrom("membership_plans")
          .select(["signups_open", "price_cents", "period_months"])
          .where("name", "=", name)
          .executeTakeFirstOrThrow();
      await expect.poll(plan).toEqual({ signups_open: 0, price_cents: 29000, period_months: 12 });
    });

    test("a student subscribes, sees the membership and cancels it with the survey", async ({
      page,
      server,
      schoolEn: _,
    }) => {
      const planId = await arrangePlan(server, `Monthly club ${viewport.width}`, "EUR");
      await walkMembership(page, server, planId, {
        subscribe: /^Subscribe for €49\.99$/,
        payOk: "Pay with a card that renews",
        heading: "My membership",
        active: "Active",
        card: "Visa ending in 4242",
        cancel: "Cancel membership",
        cancelDialog: "Cancel your membership?",
        typeCancel: /^Type CANCEL$/,
        typeCancelError: "Type CANCEL to confirm.",
        surveyDialog: "Why are you leaving?",
        send: "Send",
        reasonRequired: "Choose a reason.",
        other: "Other",
        tellMore: "Tell us more",
        tooShort: "Write at least 4 characters.",
        canceled: "Canceled",
        accessUntil: "Access until",
      });
    });
  });
}
