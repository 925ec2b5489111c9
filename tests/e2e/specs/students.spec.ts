// The admin's students in the browser (issue 18, items 1-3), in English at 1280 px and in Polish at 390 px, with
// axe on every screen: find a student in the list, tag them on their page (a public tag), filter the list by the
// tag, add a student in the "New student" dialog (a mistake shown under its field first), and import three lines
// with one invalid, following the job's report. Each walk has its own admin (the import is once a minute each).
import type { Page } from "@playwright/test";
import type { BrowserClient } from "#tests/helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { addCourse } from "#tests/integration/catalog-helpers.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test, walks } from "../fixtures.ts";

const SHOTS = process.env.STUDENT_SHOTS;

const texts = {
  en: {
    school: "Test Academy",
    title: "Students",
    nav: "Admin navigation",
    search: "Search",
    apply: "Apply",
    tag: "Tag",
    isPublic: "Public: the student sees it (e.g. a cohort)",
    addTag: "Add tag",
    back: "Back to students",
    newStudent: "New student",
    name: "Name",
    email: "E-mail",
    add: "Add student",
    invalidEmail: "Enter a valid e-mail address.",
    importLink: "Import students",
    lines: "E-mail addresses",
    importButton: "Import",
    done: "Import finished",
    created: "New student, invited",
    invalid: "Not a valid line",
  },
  pl: {
    school: "Akademia Testowa",
    title: "Kursanci",
    nav: "Nawigacja panelu",
    search: "Szukaj",
    apply: "Zastosuj",
    tag: "Tag",
    isPublic: "Publiczny: kursant go widzi (np. edycja kursu)",
    addTag: "Dodaj tag",
    back: "Wróć do kursantów",
    newStudent: "Nowy kursant",
    name: "Imię i nazwisko",
    email: "E-mail",
    add: "Dodaj kursanta",
    invalidEmail: "Podaj poprawny adres e-mail.",
    importLink: "Importuj kursantów",
    lines: "Adresy e-mail",
    importButton: "Importuj",
    done: "Import zakończony",
    created: "Nowy kursant, zaproszony",
    invalid: "Niepoprawny wiersz",
  },
} as const;

type Lang = keyof typeof texts;

const arranged = new WeakMap<TestServer, Promise<BrowserClient>>();

async function schoolIn(server: TestServer, language: Lang) {
  let ready = arranged.get(server);
  if (!ready) {
    ready = (async () => {
      const admin = await setUpSchool(server, { language: "en", currency: "EUR" });
      await addCourse(server, { slug: "cohorts", title: "Cohort course" });
      return admin;
    })();
    arranged.set(server, ready);
  }
  const admin = await ready;
  const response = await admin.json("PUT", "/home/settings", {
    name: texts[language].school,
    language,
    currency: "EUR",
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

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const { language, width } of walks) {
  const t = texts[language];

  test.describe(`students in ${language} at ${width} px`, () => {
    test.slow();

    test("finds a student, tags them, adds one by hand and imports three lines with one invalid", async ({
      server,
      newPage,
    }) => {
      await schoolIn(server, language);
      const zofia = newStudent(`Zofia ${language}${width}`);
      await registerStudent(server, zofia);
      const page = await adminPage(server, newPage, width);

      if (width >= 1024) {
        await page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.title }).click();
        await page.waitForURL("**/home/students");
      } else {
        await gotoHydrated(page, "/home/students");
      }
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      await expectAccessible(page);

      // Find her.
      await page.getByLabel(t.search).fill(`Zofia ${language}${width}`);
      await page.getByRole("button", { name: t.apply }).click();
      await page.waitForURL(/q=Zofia/);
      const row = page.locator(`[data-student="${zofia.email}"]`);
      await expect(row).toBeVisible();
      await shot(page, `students-list-${language}-${width}`);
      await row.getByRole("link", { name: zofia.name }).click();
      await page.waitForURL(/\/home\/students\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: zofia.name })).toBeVisible();
      await expectAccessible(page);

      // Tag her: a new public tag.
      const cohort = `Cohort ${language}${width}`;
      await page.getByLabel(t.tag, { exact: true }).fill(cohort);
      await page.getByLabel(t.isPublic).check();
      await page.getByRole("button", { name: t.addTag }).click();
      await expect(page.getByRole("listitem").filter({ hasText: cohort })).toBeVisible();
      await expect(page.getByLabel(t.tag, { exact: true })).toHaveValue("");
      await expectAccessible(page);
      await shot(page, `student-tags-${language}-${width}`);

      // The list filtered by the tag holds her.
      await page.getByRole("link", { name: t.back }).click();
      await page.waitForURL("**/home/students");
      await page.getByLabel(t.tag, { exact: true }).selectOption({ label: cohort });
      await page.getByRole("button", { name: t.apply }).click();
      await page.waitForURL(/tag_id=\d+/);
      await expect(page.locator(`[data-student="${zofia.email}"]`)).toBeVisible();
      await expect(page.locator("[data-student]")).toHaveCount(1);

      // A new student by hand: a wrong address is shown under its field, nothing typed is lost.
      await page.getByRole("button", { name: t.newStudent }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(t.name).fill(`Nowak ${language}${width}`);
      await dialog.getByLabel(t.email).fill("nowak-at-example");
      await dialog.getByRole("button", { name: t.add }).click();
      await expect(dialog.getByText(t.invalidEmail)).toBeVisible();
      await expect(dialog.getByLabel(t.name)).toHaveValue(`Nowak ${language}${width}`);
      await expectAccessible(page);
      await shot(page, `student-new-${language}-${width}`);
      await dialog.getByLabel(t.email).fill(`nowak-${language}${width}@example.com`);
      await dialog.getByRole("button", { name: t.add }).click();
      await page.waitForURL(/\/home\/students\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: `Nowak ${language}${width}` })).toBeVisible();

      // Import three lines, one invalid.
      await page.getByRole("link", { name: t.back }).click();
      await page.waitForURL("**/home/students");
      await page.getByRole("link", { name: t.importLink }).click();
      await page.waitForURL("**/home/students/import");
      await expectAccessible(page);
      await page
        .getByLabel(t.lines)
        .fill(
          [
            `imp1-${language}${width}@example.com, Ida Import`,
            "not an address",
            `imp2-${language}${width}@example.com`,
          ].join("\n"),
        );
      await page.getByRole("button", { name: t.importButton, exact: true }).click();
      await expect(page.getByText(t.done)).toBeVisible();
      await expect(page.locator('[data-outcome="created"]')).toHaveCount(2);
      await expect(page.locator('[data-line="2"][data-outcome="invalid"]')).toContainText(t.invalid);
      await expect(page.locator('[data-line="1"]')).toContainText(t.created);
      await expectAccessible(page);
      await shot(page, `students-import-${language}-${width}`);
    });
  });
}
