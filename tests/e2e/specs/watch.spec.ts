// The watch page in the browser: a student with access opens the course, completes lectures, writes a note
// that survives a reload, stars a lecture, answers a quiz right and wrong and moves with previous / next; a
// visitor is sent to log in for a login lecture and to the checkout for a paid one; /my continues the course.
// English and Polish, 1280 and 390 px, axe on every page.
import type { Page } from "@playwright/test";
import { registerStudent } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { arrangeCourse, type ArrangedCourse, giveAccess, userIdOf } from "#tests/helpers/watch-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test } from "../fixtures.ts";

let slugs = 0;

/** A published course of two sections (free, login, paid lectures) with a quiz, and a student with access. */
async function courseWithStudent(server: TestServer, options: { access?: boolean } = {}) {
  slugs += 1;
  const db = server.handle.db;
  const course = await arrangeCourse(db, {
    slug: `watch-e2e-${slugs}`,
    title: "Digital Photography Basics",
    sections: [
      {
        title: "Getting started",
        lectures: [
          {
            title: "Welcome to the course",
            access: "free",
            minutes: 5,
            components: [
              { kind: "markdown", data: { markdown: "## Welcome!\n\nLearn to **see light**." } },
              {
                kind: "quiz",
                data: {
                  questions: [
                    {
                      question: "Which settings make up the exposure triangle?",
                      answers: ["Aperture", "Shutter speed", "ISO", "White balance"],
                      correct: [0, 1, 2],
                      hint: "White balance changes colour, not brightness.",
                    },
                  ],
                },
              },
              {
                kind: "file",
                data: {
                  storage_key: "lecture-files/presets.zip",
                  filename: "presets.zip",
                  size: 2_400_000,
                  content_type: "application/zip",
                },
              },
            ],
          },
          {
            title: "Your camera and its settings",
            access: "login",
            minutes: 25,
            components: [{ kind: "markdown", data: { markdown: "Modes and focus." } }],
          },
          {
            title: "Exposure",
            access: "paid",
            minutes: 75,
            components: [{ kind: "markdown", data: { markdown: "The exposure triangle." } }],
          },
        ],
      },
      { title: "Light", lectures: [{ title: "Reading natural light", access: "paid", minutes: 40 }] },
    ],
  });
  const student = newStudent();
  await registerStudent(server, student);
  if (options.access !== false)
    await giveAccess(db, { userId: await userIdOf(db, student.email), courseId: course.id });
  return { course, student };
}

const lecturePath = (course: ArrangedCourse, title: string) => `/${course.slug}/watch/${course.lectures[title]}`;

function curriculumLink(page: Page, title: string) {
  return page
    .getByRole("navigation", { name: /Course content|Zawartość kursu/ })
    .getByRole("link", { name: new RegExp(title) });
}

/** The school's language, as the owner would switch it; pages see it once the 2-second school cache expires. */
async function setLanguage(page: Page, server: TestServer, language: "en" | "pl") {
  await server.handle.db.updateTable("school").set({ language }).execute();
  await expect(async () => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", language, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test.describe("the watch page", () => {
  test("a student with access completes lectures, takes a note, stars and moves on", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const { course, student } = await courseWithStudent(server);
    await login(page, student.email, student.password);

    // /my lists the course; 'Continue' opens its first lecture
    await gotoHydrated(page, "/my");
    await expect(page.getByRole("heading", { level: 2, name: "Courses" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Digital Photography Basics" })).toBeVisible();
    await expect(page.getByText("0% complete")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Continue Digital Photography Basics" }).click();
    await page.waitForURL(`**${lecturePath(course, "Welcome to the course")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the course" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Welcome!" })).toBeVisible();
    await expect(page.getByRole("link", { name: /presets\.zip/ })).toHaveAttribute(
      "href",
      "/files/lecture-files/presets.zip",
    );
    await expectAccessible(page);

    // complete: the button, the sidebar mark and the progress follow
    const complete = page.getByRole("button", { name: "Mark as complete" });
    await expect(complete).toHaveAttribute("aria-pressed", "false");
    await complete.click();
    const completed = page.getByRole("button", { name: "Completed" });
    await expect(completed).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("progressbar", { name: "25% complete" })).toBeVisible();
    await expect(curriculumLink(page, "Welcome to the course")).toContainText("Completed");

    // a note, saved as it is typed, still there after a reload
    const note = page.getByRole("textbox", { name: "My notes" });
    await note.fill("Golden hour: one hour after sunrise.");
    await expect(page.getByTestId("note-status")).toHaveText("Saved");
    await page.reload();
    await expect(page.getByRole("textbox", { name: "My notes" })).toHaveValue("Golden hour: one hour after sunrise.");
    await expect(page.getByRole("button", { name: "Completed" })).toHaveAttribute("aria-pressed", "true");

    // next and previous, in curriculum order
    const lectureNav = page.getByRole("navigation", { name: "Previous and next lecture" });
    await lectureNav.getByRole("link", { name: /Next/ }).click();
    await page.waitForURL(`**${lecturePath(course, "Your camera and its settings")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your camera and its settings" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "My notes" })).toHaveValue("");

    // a star, kept
    await page.getByRole("button", { name: "Star this lecture" }).click();
    await expect(page.getByRole("button", { name: "Starred" })).toHaveAttribute("aria-pressed", "true");

    await lectureNav.getByRole("link", { name: /Next/ }).click();
    await page.waitForURL(`**${lecturePath(course, "Exposure")}`);
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page.getByRole("progressbar", { name: "50% complete" })).toBeVisible();
    await lectureNav.getByRole("link", { name: /Previous/ }).click();
    await page.waitForURL(`**${lecturePath(course, "Your camera and its settings")}`);
    await expect(page.getByRole("button", { name: "Starred" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Mark as complete" })).toHaveAttribute("aria-pressed", "false");

    // the course resumes at the last lecture opened
    await gotoHydrated(page, `/${course.slug}/watch`);
    await expect(page).toHaveURL(new RegExp(`${lecturePath(course, "Your camera and its settings")}$`));
    await gotoHydrated(page, "/my");
    await expect(page.getByText("50% complete")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Digital Photography Basics" })).toHaveAttribute(
      "href",
      lecturePath(course, "Your camera and its settings"),
    );
  });

  test("the quiz says right only for exactly the correct answers, and shows its hint", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const { course } = await courseWithStudent(server);
    await gotoHydrated(page, lecturePath(course, "Welcome to the course"));
    const quiz = page.getByRole("group", { name: /exposure triangle/ });
    const check = quiz.getByRole("button", { name: "Check my answer" });
    await quiz.getByLabel("Aperture").check();
    await quiz.getByLabel("Shutter speed").check();
    await check.click();
    await expect(quiz.getByRole("status")).toHaveText("Not quite. Try again.");
    await quiz.getByLabel("ISO").check();
    await expect(quiz.getByRole("status")).toHaveText("");
    await check.click();
    await expect(quiz.getByRole("status")).toHaveText("Correct!");
    await quiz.getByLabel("White balance").check();
    await check.click();
    await expect(quiz.getByRole("status")).toHaveText("Not quite. Try again.");

    const hint = quiz.getByRole("button", { name: "Show hint" });
    await expect(quiz.getByText("White balance changes colour, not brightness.")).toBeHidden();
    await hint.click();
    await expect(quiz.getByRole("button", { name: "Hide hint" })).toHaveAttribute("aria-expanded", "true");
    await expect(quiz.getByText("White balance changes colour, not brightness.")).toBeVisible();
    await expectAccessible(page);
  });

  test("a visitor watches a free lecture, is sent to log in for a login lecture and to the checkout for a paid one", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const { course } = await courseWithStudent(server);
    await gotoHydrated(page, `/${course.slug}/watch`);
    await expect(page).toHaveURL(new RegExp(`${lecturePath(course, "Welcome to the course")}$`));
    await expect(page.getByText("Log in to mark lectures as complete, star them and take notes.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as complete" })).toHaveCount(0);
    await expectAccessible(page);

    await curriculumLink(page, "Your camera and its settings").click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe(lecturePath(course, "Your camera and its settings"));

    await page.goto(lecturePath(course, "Exposure"));
    await page.waitForURL((url) => url.pathname === `/${course.slug}/checkout`);
  });

  test("a student without access is sent to the checkout for a paid lecture", async ({ page, server, schoolEn: _ }) => {
    const { course, student } = await courseWithStudent(server, { access: false });
    await login(page, student.email, student.password);
    await gotoHydrated(page, lecturePath(course, "Your camera and its settings"));
    await expect(page.getByRole("button", { name: "Mark as complete" })).toBeVisible();
    await curriculumLink(page, "Exposure").click();
    await page.waitForURL((url) => url.pathname === `/${course.slug}/checkout`);
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the curriculum folds out, and the lecture stays usable", async ({ page, server, schoolEn: _ }) => {
      const { course, student } = await courseWithStudent(server);
      await login(page, student.email, student.password);
      await gotoHydrated(page, lecturePath(course, "Welcome to the course"));
      const toggle = page.getByRole("button", { name: "Course content" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(curriculumLink(page, "Exposure")).toBeHidden();
      await expectAccessible(page);
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(curriculumLink(page, "Exposure")).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("button", { name: "Mark as complete" }).click();
      await expect(page.getByRole("progressbar", { name: "25% complete" })).toBeVisible();
      // nothing sticks out sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await curriculumLink(page, "Exposure").click();
      await page.waitForURL(`**${lecturePath(course, "Exposure")}`);
      await expect(page.getByRole("heading", { level: 1, name: "Exposure" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Course content" })).toHaveAttribute("aria-expanded", "false");
    });
  });

  test.describe("in Polish", () => {
    for (const width of [1280, 390]) {
      test(`the watch page speaks Polish at ${width} px`, async ({ newPage, server, schoolEn: _ }) => {
        const { course, student } = await courseWithStudent(server);
        const page = await newPage({ viewport: { width, height: 900 } });
        await setLanguage(page, server, "pl");
        try {
          await login(page, student.email, student.password);
          await gotoHydrated(page, "/my");
          await expect(page.getByText("Ukończono 0%")).toBeVisible();
          await expectAccessible(page);
          await page.getByRole("link", { name: "Kontynuuj: Digital Photography Basics" }).click();
          await page.waitForURL(`**${lecturePath(course, "Welcome to the course")}`);
          await expect(page.locator("html")).toHaveAttribute("lang", "pl");
          await expect(page.getByRole("navigation", { name: "Zawartość kursu" })).toBeVisible();
          const quiz = page.getByRole("group", { name: /exposure triangle/ });
          await quiz.getByLabel("Aperture").check();
          await quiz.getByRole("button", { name: "Sprawdź odpowiedź" }).click();
          await expect(quiz.getByRole("status")).toHaveText("Nie do końca. Spróbuj jeszcze raz.");
          await page.getByRole("button", { name: "Oznacz jako ukończoną" }).click();
          await expect(page.getByRole("progressbar", { name: "Ukończono 25%" })).toBeVisible();
          await expect(page.getByRole("button", { name: "Ukończona" })).toHaveAttribute("aria-pressed", "true");
          await page.getByRole("textbox", { name: "Moje notatki" }).fill("Notatka po polsku");
          await expect(page.getByTestId("note-status")).toHaveText("Zapisano");
          await expect(
            page
              .getByRole("navigation", { name: "Poprzednia i następna lekcja" })
              .getByRole("link", { name: /Następna/ }),
          ).toBeVisible();
          await expectAccessible(page);
        } finally {
          await setLanguage(page, server, "en");
        }
      });
    }
  });
});
