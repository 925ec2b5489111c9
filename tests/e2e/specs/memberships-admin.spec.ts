// The admin's members of memberships in the browser, in English and in Polish, at 390 and 1280 px, with axe on
// every page: the figures on the plans page, the members list filtered by status, one member's page with its
// history, a manual extension with a reason (the toast, the history's new line) and ending it.
import type { Page } from "@playwright/test";
import { addMonths } from "#core/memberships/periods.ts";
import type { BrowserClient } from "#tests/helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { arrangeMembership, arrangePlan, arrangeUser } from "#tests/integration/memberships-admin-helpers.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test, walks } from "../fixtures.ts";

const texts = {
  en: {
    school: "Test Academy",
    figures: "Figures",
    active: "Active members",
    seeMembers: "See members",
    members: "Members",
    status: "Status",
    pastDue: "Payment overdue",
    apply: "Apply",
    count: "How many",
    reason: "Reason",
    extendTitle: "Extend",
    endTitle: "End now",
    extend: "Extend membership",
    extendedToast: "Membership extended",
    extendedLine: "Extended by 5 days",
    end: "End membership",
    endedToast: "Membership ended",
    finished: "Finished",
  },
  pl: {
    school: "Akademia Testowa",
    figures: "Liczby",
    active: "Aktywni członkowie",
    seeMembers: "Zobacz członków",
    members: "Członkowie",
    status: "Status",
    pastDue: "Płatność zaległa",
    apply: "Zastosuj",
    count: "Ile",
    reason: "Powód",
    extendTitle: "Przedłuż",
    endTitle: "Zakończ teraz",
    extend: "Przedłuż członkostwo",
    extendedToast: "Członkostwo przedłużone",
    extendedLine: "Przedłużone o 5 dni",
    end: "Zakończ członkostwo",
    endedToast: "Członkostwo zakończone",
    finished: "Zakończone",
  },
} as const;

type Lang = keyof typeof texts;

const arranged = new WeakMap<TestServer, Promise<BrowserClient>>();

async function schoolIn(server: TestServer, language: Lang) {
  let ready = arranged.get(server);
  if (!ready) {
    ready = setUpSchool(server, { language: "en", currency: "PLN" });
    arranged.set(server, ready);
  }
  const admin = await ready;
  const response = await admin.json("PUT", "/home/settings", {
    name: texts[language].school,
    language,
    currency: "PLN",
    login_enabled: true,
    registration_enabled: true,
  });
  expect(response.status).toBe(200);
}

async function adminPage(
  server: TestServer,
  newPage: (o?: { viewport?: { width: number; height: number } }) => Promise<Page>,
  width: number,
) {
  const person = newStudent("Ada Admin");
  await registerStudent(server, person);
  await server.handle.db.updateTable("users").set({ role: "admin" }).where("email", "=", person.email).execute();
  const page = await newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
  await login(page, person.email, person.password);
  return page;
}

// Each language once and each width once (docs/decisions/0035).
for (const { language, width } of walks) {
  const t = texts[language];

  test.describe(`memberships' members in ${language} at ${width} px`, () => {
    test.slow();

    test("shows the figures, filters members, extends and ends one with a reason", async ({ server, newPage }) => {
      await schoolIn(server, language);
      const db = server.handle.db;
      const planId = await arrangePlan(db, { name: `Club ${language}${width}` });
      const end = addMonths(new Date().toISOString(), 1);
      const overdue = `Olga Overdue ${language}${width}`;
      await arrangeMembership(db, {
        userId: await arrangeUser(db, overdue),
        planId,
        status: "past_due",
        current_period_end: new Date().toISOString(),
      });
      const activeName = `Adam Active ${language}${width}`;
      const activeId = await arrangeMembership(db, {
        userId: await arrangeUser(db, activeName),
        planId,
        status: "active",
        current_period_end: end,
      });
      const page = await adminPage(server, newPage, width);

      await gotoHydrated(page, "/home/memberships");
      await expect(page.getByRole("heading", { name: t.figures })).toBeVisible();
      await expect(page.getByText(t.active, { exact: true })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/shots-members/figures-${language}-${width}.png`, fullPage: true });

      await page.getByRole("link", { name: t.seeMembers }).click();
      await page.waitForURL("**/home/memberships/members");
      await expect(page.getByRole("heading", { level: 1, name: t.members })).toBeVisible();
      await page.getByLabel(t.status, { exact: true }).selectOption("past_due");
      await page.getByRole("button", { name: t.apply }).click();
      await page.waitForURL(/status=past_due/);
      await expect(page.getByText(overdue)).toBeVisible();
      await expect(page.getByText(activeName)).toHaveCount(0);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/shots-members/list-${language}-${width}.png`, fullPage: true });

      await gotoHydrated(page, `/home/memberships/members/${activeId}`);
      const extend = page.getByRole("form", { name: t.extendTitle, exact: true });
      await extend.getByLabel(t.count).fill("5");
      await extend.getByLabel(t.reason).fill("Outage compensation");
      await extend.getByRole("button", { name: t.extend }).click();
      await expect(page.getByText(t.extendedToast, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(t.extendedLine)).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/shots-members/member-${language}-${width}.png`, fullPage: true });

      const endForm = page.getByRole("form", { name: t.endTitle, exact: true });
      await endForm.getByLabel(t.reason).fill("Asked by e-mail");
      await endForm.getByRole("button", { name: t.end }).click();
      await expect(page.getByText(t.endedToast, { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId("member-status")).toHaveText(t.finished);
      await expectAccessible(page);
    });
  });
}
