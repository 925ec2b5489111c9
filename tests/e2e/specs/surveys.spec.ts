// Surveys in the browser (issue 17, item 1): the owner builds a survey in /home/surveys attached to the student
// area; a student sees the modal on /my, postpones it ('Remind me later', and Escape), sees it again once the
// 24 h have passed (the postponement is moved back in the database: the server's clock is not ours), is told
// which required question is missing, and answers it (a single choice with few options is a radio group, chosen
// with the arrow keys); the owner reads the answers, filters them by date (a range backwards is refused under its
// field), exports the filtered CSV and finds the answer on the dashboard's voice of the student. English at 1280 px
// (owner) and 390 px (student), then (last: the school switches language) Polish the other way round. Axe on every
// step.
import type { Page } from "@playwright/test";
import { createUser } from "#core/accounts/create-user.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, owner, test } from "../fixtures.ts";

const texts = {
  en: {
    newSurvey: "New survey",
    title: "Title",
    placement: "Where it shows",
    studentArea: "In the student area (/my)",
    type: "Type",
    checkboxes: "Checkboxes (many)",
    longText: "Long text",
    addQuestion: "Add a question",
    question: "Question",
    required: "Required",
    addOption: "Add an option",
    label: "Label",
    save: "Save survey",
    saved: "Survey saved.",
    remind: "Remind me later",
    send: "Send answers",
    requiredError: "This field is required.",
    thanks: "Thank you for your answers!",
    answered: "1 student answered",
    surveyTitle: "How is the course going?",
    checkboxTitle: "What did you like?",
    options: ["Lessons", "Exercises"],
    textTitle: "What would you change?",
    choice: "Choice (one)",
    choiceTitle: "Which part was best?",
    choiceOptions: ["The start", "The end"],
    choiceResult: "1 (100%)",
    from: "Answered from",
    to: "Answered until",
    show: "Show",
    backwards: "The end date must not be before the start date.",
    none: "0 students answered",
    export: "Export CSV",
    voice: "The voice of the student",
  },
  pl: {
    newSurvey: "Nowa ankieta",
    title: "Tytuł",
    placement: "Gdzie się pokazuje",
    studentArea: "W panelu kursanta (/my)",
    type: "Rodzaj",
    checkboxes: "Pola wyboru (wiele odpowiedzi)",
    longText: "Długi tekst",
    addQuestion: "Dodaj pytanie",
    question: "Pytanie",
    required: "Wymagane",
    addOption: "Dodaj opcję",
    label: "Etykieta",
    save: "Zapisz ankietę",
    saved: "Ankieta zapisana.",
    remind: "Przypomnij mi później",
    send: "Wyślij odpowiedzi",
    requiredError: "To pole jest wymagane.",
    thanks: "Dziękujemy za odpowiedzi!",
    answered: "Odpowiedział 1 kursant",
    surveyTitle: "Jak idzie kurs?",
    checkboxTitle: "Co Ci się podobało?",
    options: ["Lekcje", "Ćwiczenia"],
    textTitle: "Co byś zmienił?",
    choice: "Lista wyboru (jedna odpowiedź)",
    choiceTitle: "Która część była najlepsza?",
    choiceOptions: ["Początek", "Koniec"],
    choiceResult: "1 (100%)",
    from: "Odpowiedzi od dnia",
    to: "Odpowiedzi do dnia",
    show: "Pokaż",
    backwards: "Data końcowa nie może być wcześniejsza niż początkowa.",
    none: "Odpowiedziało 0 kursantów",
    export: "Eksportuj CSV",
    voice: "Głos kursantów",
  },
} as const;
type Texts = (typeof texts)[keyof typeof texts];

async function buildSurvey(page: Page, text: Texts): Promise<string> {
  await gotoHydrated(page, "/home/surveys");
  await page.getByRole("link", { name: text.newSurvey }).click();
  await expect(page.getByRole("heading", { name: text.newSurvey, level: 1 })).toBeVisible();
  await page.getByLabel(text.title, { exact: true }).fill(text.surveyTitle);
  await page.getByLabel(text.placement).selectOption({ label: text.studentArea });

  await page.getByLabel(text.type, { exact: true }).selectOption({ label: text.checkboxes });
  await page.getByRole("button", { name: text.addQuestion }).click();
  const first = page.getByRole("listitem", { name: `${text.question} 1` });
  await first.getByLabel(text.question, { exact: true }).fill(text.checkboxTitle);
  await first.getByLabel(text.label).first().fill(text.options[0]);
  await first.getByRole("button", { name: text.addOption }).click();
  await first.getByLabel(text.label).nth(1).fill(text.options[1]);

  await page.getByLabel(text.type, { exact: true }).selectOption({ label: text.longText });
  await page.getByRole("button", { name: text.addQuestion }).click();
  const second = page.getByRole("listitem", { name: `${text.question} 2` });
  await second.getByLabel(text.question, { exact: true }).fill(text.textTitle);
  await second.getByLabel(text.required).check();

  await page.getByLabel(text.type, { exact: true }).selectOption({ label: text.choice });
  await page.getByRole("button", { name: text.addQuestion }).click();
  const third = page.getByRole("listitem", { name: `${text.question} 3` });
  await third.getByLabel(text.question, { exact: true }).fill(text.choiceTitle);
  await third.getByLabel(text.label).first().fill(text.choiceOptions[0]);
  await third.getByRole("button", { name: text.addOption }).click();
  await third.getByLabel(text.label).nth(1).fill(text.choiceOptions[1]);
  await expectAccessible(page);
  await page.getByRole("button", { name: text.save }).click();
  await expect(page.getByText(text.saved)).toBeVisible();
  await page.waitForURL(/\/home\/surveys\/\d+$/);
  return page.url();
}

/** Opens /my and waits for its question to the server about a due survey (the modal opens from its answer). */
async function openMy(page: Page) {
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === "/survey/due"),
    gotoHydrated(page, "/my"),
  ]);
}

async function studentAnswers(page: Page, server: TestServer, text: Texts) {
  const student = newStudent("Stella Student");
  const user = await createUser(server.handle.db, { ...student, role: "student" });
  await login(page, student.email, student.password);
  await openMy(page);
  const modal = page.getByRole("dialog", { name: text.surveyTitle });
  await expect(modal).toBeVisible();
  // The focus is moved into the dialog (and kept there by Radix).
  await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectAccessible(page);

  // 'Remind me later': gone, and not back on the next visit.
  await modal.getByRole("button", { name: text.remind }).click();
  await expect(modal).toHaveCount(0);
  await openMy(page);
  await expect(modal).toHaveCount(0);

  // A day later it is back; Escape postpones it again.
  const dayAgo = () => new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
  const moveBack = () =>
    server.handle.db
      .updateTable("survey_postponements")
      .set({ postponed_at: dayAgo() })
      .where("user_id", "=", user.id)
      .execute();
  await moveBack();
  await openMy(page);
  await expect(modal).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
  await expect
    .poll(
      async () =>
        ((
          await server.handle.db
            .selectFrom("survey_postponements")
            .select("postponed_at")
            .where("user_id", "=", user.id)
            .executeTakeFirst()
        )?.postponed_at ?? "") > dayAgo(),
    )
    .toBe(true);

  // And once more a day later: this time the student answers, after being told what is missing.
  await moveBack();
  await openMy(page);
  await expect(modal).toBeVisible();
  await modal.getByLabel(text.options[1]).check();
  await modal.getByRole("button", { name: text.send }).click();
  await expect(modal.getByText(text.requiredError)).toBeVisible();
  await expect(modal.getByRole("textbox")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await modal.getByRole("textbox").fill("Nothing at all");
  // Two options: a radio group, moved through with the arrow keys.
  const choice = modal.getByRole("radiogroup", { name: text.choiceTitle });
  await choice.getByRole("radio", { name: text.choiceOptions[0] }).check();
  await page.keyboard.press("ArrowDown");
  await expect(choice.getByRole("radio", { name: text.choiceOptions[1] })).toBeChecked();
  await modal.getByRole("button", { name: text.send }).click();
  await expect(page.getByText(text.thanks)).toBeVisible();
  await expect(modal).toHaveCount(0);
  await openMy(page);
  await expect(modal).toHaveCount(0);
}

/** `exports`: the English test only; the owner's one export per minute would refuse the Polish test's. */
async function ownerReads(page: Page, url: string, text: Texts, exports = false) {
  await gotoHydrated(page, url);
  await expect(page.getByText(text.answered)).toBeVisible();
  await expect(page.getByText("Nothing at all")).toBeVisible();
  await expect(page.locator("article", { hasText: text.choiceTitle })).toContainText(text.choiceResult);
  await expectAccessible(page);

  // The filters: days in UTC; a range backwards is refused under its field, then today's answer is found.
  const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const filters = page.getByRole("search");
  await filters.getByLabel(text.from).fill(day(1));
  await filters.getByLabel(text.to).fill(day(0));
  await filters.getByRole("button", { name: text.show }).click();
  await expect(filters.getByText(text.backwards)).toBeVisible();
  await expect(filters.getByLabel(text.to)).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await filters.getByLabel(text.to).fill(day(2));
  await filters.getByRole("button", { name: text.show }).click();
  await expect(page.getByText(text.none)).toBeVisible();
  await filters.getByLabel(text.from).fill(day(0));
  await filters.getByRole("button", { name: text.show }).click();
  await expect(page.getByText(text.answered)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${day(0)}`));
  await expect(page.getByRole("button", { name: text.export })).toBeVisible();
  if (exports) {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: text.export }).click();
    expect((await download).suggestedFilename()).toMatch(/^survey-\d+-.*\.csv$/);
  }

  // The dashboard: the answer among the latest, linking to the survey.
  await gotoHydrated(page, "/home");
  const voice = page.getByRole("region", { name: text.voice });
  await expect(voice.getByRole("link", { name: text.surveyTitle })).toHaveAttribute("href", new URL(url).pathname);
  await expectAccessible(page);
}

const wide = { width: 1280, height: 800 };
const narrow = { width: 390, height: 844 };

test.describe("surveys", () => {
  test.describe.configure({ timeout: 180_000 });

  test("in English: built at 1280 px, answered at 390 px", async ({ newPage, server, schoolEn: _ }) => {
    const admin = await newPage({ viewport: wide });
    await login(admin, owner.email, owner.password);
    const url = await buildSurvey(admin, texts.en);
    await studentAnswers(await newPage({ viewport: narrow }), server, texts.en);
    await ownerReads(admin, url, texts.en, true);
    // Not shown again to the next test's students: this survey goes.
    await server.handle.db.deleteFrom("surveys").execute();
  });

  // Last in this file: the school switches to Polish (the next file starts a new server).
  test("in Polish: built at 390 px, answered at 1280 px", async ({ newPage, server, schoolEn: _ }) => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    expect((await client.post("/login", { email: owner.email, password: owner.password })).status).toBe(200);
    const settings = await client.json("PUT", "/home/settings", {
      name: "Test Academy",
      language: "pl",
      currency: "PLN",
      login_enabled: true,
      registration_enabled: true,
    });
    expect(settings.status).toBe(200);
    const admin = await newPage({ viewport: narrow });
    await login(admin, owner.email, owner.password);
    // The school is cached for two seconds: wait until the pages speak Polish.
    await expect(async () => {
      await gotoHydrated(admin, "/home/surveys");
      await expect(admin.locator("html")).toHaveAttribute("lang", "pl", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const url = await buildSurvey(admin, texts.pl);
    await studentAnswers(await newPage({ viewport: wide }), server, texts.pl);
    await ownerReads(admin, url, texts.pl);
  });
});
