// The sample course's exam in the browser (issue 17, item 2), shared by the English and Polish specs: the sample
// student reaches the exam from the course's last lecture, starts it (a countdown from the server's deadline),
// answers wrongly, reloads the page in the middle (the same questions come back with the saved answers), hands in
// and fails; then starts the second attempt, answers rightly, hands in and passes, with the correct answers shown.
// Axe on the exam and result pages; screenshots into /tmp/shots-exams/.
import type { Page } from "@playwright/test";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login } from "./fixtures.ts";
import { sampleSchoolOn } from "./sample-school.ts";

export const examTexts = {
  en: {
    take: "Take the exam",
    start: "Start the exam",
    startAgain: "Start a new attempt",
    saved: "All answers saved",
    handIn: "Hand in",
    confirmTitle: "Hand in your answers?",
    failed: "Failed",
    passed: "Passed",
    tryAgain: "Try again",
    correct: "Correct answer:",
    timeLeft: /Time left: \d+:\d\d/,
  },
  pl: {
    take: "Przystąp do egzaminu",
    start: "Rozpocznij egzamin",
    startAgain: "Rozpocznij nowe podejście",
    saved: "Wszystkie odpowiedzi zapisane",
    handIn: "Oddaj",
    confirmTitle: "Oddać odpowiedzi?",
    failed: "Niezaliczony",
    passed: "Zaliczony",
    tryAgain: "Spróbuj ponownie",
    correct: "Poprawna odpowiedź:",
    timeLeft: /Pozostały czas: \d+:\d\d/,
  },
} as const;

type Drawn = { title: string; options: { label: string; correct: boolean }[] };

async function openAttemptQuestions(server: TestServer): Promise<Drawn[]> {
  const row = await server.handle.db
    .selectFrom("exam_attempts")
    .select("questions")
    .where("status", "=", "open")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return JSON.parse(row.questions) as Drawn[];
}

// A single choice of five options or fewer is a radio group named by its question (question-form.tsx).
function choices(page: Page, question: Drawn) {
  return page.getByRole("radiogroup", { name: question.title, exact: true });
}

async function answerAll(page: Page, questions: Drawn[], right: boolean) {
  for (const question of questions) {
    const option = question.options.find((o) => o.correct === right)!;
    await choices(page, question).getByRole("radio", { name: option.label, exact: true }).check();
  }
}

async function handIn(page: Page, language: "en" | "pl") {
  const t = examTexts[language];
  await page.getByRole("button", { name: t.handIn, exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: t.confirmTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: t.handIn, exact: true }).click();
  await page.waitForURL(/\/my\/exams\/\d+\/attempts\/\d+$/);
}

export async function takeSampleExam(page: Page, server: TestServer, language: "en" | "pl", width: number) {
  const t = examTexts[language];
  const school = await sampleSchoolOn(server, language);
  const db = server.handle.db;
  const last = await db
    .selectFrom("lectures")
    .innerJoin("course_sections", "course_sections.id", "lectures.section_id")
    .select("lectures.id")
    .orderBy("course_sections.position", "desc")
    .orderBy("lectures.position", "desc")
    .executeTakeFirstOrThrow();
  await login(page, school.student.email, school.student.password);
  await gotoHydrated(page, `/${school.slug}/watch/${last.id}`);
  await page.getByRole("link", { name: t.take }).click();
  await page.waitForURL(/\/my\/exams\/\d+$/);
  await page.locator("[data-exam]").waitFor();
  await expect(page.getByTestId("attempts-left")).toHaveText("2");
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/shots-exams/${language}-${width}-intro.png`, fullPage: true });

  // First attempt: wrong answers, a reload in the middle, then handed in: failed.
  await page.getByRole("button", { name: t.start }).click();
  await expect(page.getByTestId("exam-countdown")).toHaveText(t.timeLeft);
  const first = await openAttemptQuestions(server);
  expect(first).toHaveLength(4);
  await answerAll(page, first.slice(0, 2), false);
  await expect(page.getByTestId("autosave-status")).toHaveText(t.saved);
  await page.reload();
  await page.locator("[data-attempt]").waitFor();
  for (const question of first.slice(0, 2)) {
    const chosen = question.options.find((o) => !o.correct)!.label;
    await expect(choices(page, question).getByRole("radio", { name: chosen, exact: true })).toBeChecked();
  }
  await answerAll(page, first.slice(2), false);
  await expect(page.getByTestId("autosave-status")).toHaveText(t.saved);
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/shots-exams/${language}-${width}-attempt.png`, fullPage: true });
  await handIn(page, language);
  await expect(page.getByText(t.failed, { exact: true })).toBeVisible();
  await expect(page.getByText(t.correct)).toHaveCount(0);
  await expectAccessible(page);

  // Second and last attempt: right answers: passed, and the correct answers are shown.
  await page.getByRole("link", { name: t.tryAgain }).click();
  await page.waitForURL(/\/my\/exams\/\d+$/);
  await page.getByRole("button", { name: t.startAgain }).click();
  await page.locator("[data-attempt]").waitFor();
  const second = await openAttemptQuestions(server);
  await answerAll(page, second, true);
  await expect(page.getByTestId("autosave-status")).toHaveText(t.saved);
  await handIn(page, language);
  await expect(page.getByText(t.passed, { exact: true })).toBeVisible();
  await expect(page.getByText(t.correct)).toHaveCount(4);
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/shots-exams/${language}-${width}-result.png`, fullPage: true });
}
