// Drip release in the browser (issue 17, items 4 and 8: "sees a dripped lecture open on schedule"): the owner
// sets a lecture's release in the curriculum editor; a student with access sees it locked in the curriculum and
// on its page with the date it opens (the school's time zone and language); then time passes (the access's start,
// or the release date, is moved back in the database: the server's clock is not ours) and the student sees it
// open. English at 1280 px with "days after access", then (last: the school switches language) Polish at 390 px
// with a date. Axe on every screen.
import type { Page } from "@playwright/test";
import { createUser } from "#core/accounts/create-user.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { arrangeCourse, giveAccess } from "#tests/helpers/watch-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, owner, test } from "../fixtures.ts";

const DAY = 24 * 60 * 60 * 1000;
const texts = {
  en: {
    release: "Release of Dripped lesson",
    mode: "Opens",
    days: "Days after access began (1–3650)",
    afterAccess: "Some days after the student's access began",
    save: "Save",
    summary: "Opens 3 days after access",
    available: /Available on \d{1,2} \w+ \d{4}, \d{2}:\d{2}/,
    tooMany: "Maximum value: 3650.",
  },
  pl: {
    release: "Udostępnianie: Dripped lesson",
    mode: "Otwiera się",
    date: /Data i godzina/,
    onDate: "W wybranym dniu",
    save: "Zapisz",
    summary: "Otwiera się 3 grudnia 2030, 09:00",
    available: "Dostępna od 3 grudnia 2030, 09:00",
    showContent: "Zawartość kursu",
  },
} as const;

const wide = { width: 1280, height: 800 };
const narrow = { width: 390, height: 844 };

async function arrange(server: TestServer, slug: string) {
  const course = await arrangeCourse(server.handle.db, {
    slug,
    sections: [
      {
        title: "Basics",
        lectures: [
          { title: "First lesson", access: "paid", body: "Welcome aboard." },
          { title: "Dripped lesson", access: "paid", body: "The secret of light." },
        ],
      },
    ],
  });
  const student = newStudent("Stella Student");
  const user = await createUser(server.handle.db, { ...student, role: "student" });
  await giveAccess(server.handle.db, { userId: user.id, courseId: course.id });
  return { course, student, user, dripped: course.lectures["Dripped lesson"]! };
}

async function openReleaseDialog(admin: Page, courseId: number, name: string) {
  await gotoHydrated(admin, `/home/courses/${courseId}?tab=curriculum`);
  await admin.getByRole("button", { name }).click();
  const dialog = admin.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("drip release", () => {
  test.describe.configure({ timeout: 180_000 });

  test("in English at 1280 px: days after access, locked with its date, then open", async ({
    newPage,
    server,
    schoolEn: _,
  }) => {
    const text = texts.en;
    const { course, student, user, dripped } = await arrange(server, "drip-en");
    const admin = await newPage({ viewport: wide });
    await login(admin, owner.email, owner.password);
    const dialog = await openReleaseDialog(admin, course.id, text.release);
    await dialog.getByLabel(text.mode).selectOption({ label: text.afterAccess });
    // Bad input is refused with a clear message before anything is sent.
    await dialog.getByLabel(text.days).fill("5000");
    await dialog.getByRole("button", { name: text.save }).click();
    await expect(dialog.getByText(text.tooMany)).toBeVisible();
    await expectAccessible(admin);
    await dialog.getByLabel(text.days).fill("3");
    await dialog.getByRole("button", { name: text.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(admin.getByRole("button", { name: text.release })).toContainText(text.summary);
    await expectAccessible(admin);

    const page = await newPage({ viewport: wide });
    await login(page, student.email, student.password);
    await gotoHydrated(page, `/${course.slug}/watch/${dripped}`);
    await expect(page.getByTestId("lecture-locked")).toHaveText(text.available);
    await expect(page.getByRole("navigation").getByText(text.available)).toBeVisible();
    await expect(page.getByText("The secret of light.")).toHaveCount(0);
    await page.screenshot({ path: "/work/briefs/shots/drip/watch-locked-en-1280.png", fullPage: true });
    await expectAccessible(page);

    // Three days later (the access began three days and a minute ago), the lecture is open.
    await server.handle.db
      .updateTable("course_access")
      .set({ starts_at: new Date(Date.now() - 3 * DAY - 60_000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    await expect(async () => {
      await gotoHydrated(page, `/${course.slug}/watch/${dripped}`);
      await expect(page.getByText("The secret of light.")).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByTestId("lecture-locked")).toHaveCount(0);
    await expectAccessible(page);
  });

  // Last in this file: the school switches to Polish.
  test("in Polish at 390 px: on a date, locked with its date, then open", async ({ newPage, server, schoolEn: _ }) => {
    const text = texts.pl;
    const client = new BrowserClient(server.url);
    await client.page("/login");
    expect((await client.post("/login", { email: owner.email, password: owner.password })).status).toBe(200);
    const settings = await client.json("PUT", "/home/settings", {
      name: "Test Academy",
      language: "pl",
      currency: "PLN",
      login_enabled: true,
      registration_enabled: true,
      time_zone: "Europe/Warsaw",
    });
    expect(settings.status).toBe(200);
    const { course, student, dripped } = await arrange(server, "drip-pl");
    const admin = await newPage({ viewport: narrow });
    await login(admin, owner.email, owner.password);
    // The school is cached for two seconds: wait until the pages speak Polish.
    await expect(async () => {
      await gotoHydrated(admin, `/home/courses/${course.id}?tab=curriculum`);
      await expect(admin.getByRole("button", { name: text.release })).toBeVisible({ timeout: 500 });
    }).toPass();
    const dialog = await openReleaseDialog(admin, course.id, text.release);
    await dialog.getByLabel(text.mode).selectOption({ label: text.onDate });
    await dialog.getByLabel(text.date).fill("2030-12-03T09:00");
    await expectAccessible(admin);
    await dialog.getByRole("button", { name: text.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(admin.getByRole("button", { name: text.release })).toContainText(text.summary);
    await admin.screenshot({ path: "/work/briefs/shots/drip/editor-pl-390.png", fullPage: true });

    const page = await newPage({ viewport: narrow });
    await login(page, student.email, student.password);
    await gotoHydrated(page, `/${course.slug}/watch/${dripped}`);
    await expect(page.getByTestId("lecture-locked")).toHaveText(text.available);
    await page.getByRole("button", { name: text.showContent }).click();
    await expect(page.getByTestId("lecture-opens")).toHaveText(text.available);
    await page.screenshot({ path: "/work/briefs/shots/drip/watch-locked-pl-390.png", fullPage: true });
    await expectAccessible(page);

    // The date comes (moved to a minute ago): the lecture is open.
    await server.handle.db
      .updateTable("lectures")
      .set({ drip_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", dripped)
      .execute();
    await expect(async () => {
      await gotoHydrated(page, `/${course.slug}/watch/${dripped}`);
      await expect(page.getByText("The secret of light.")).toBeVisible({ timeout: 500 });
    }).toPass();
    await page.screenshot({ path: "/work/briefs/shots/drip/watch-open-pl-390.png", fullPage: true });
    await expectAccessible(page);
  });
});
