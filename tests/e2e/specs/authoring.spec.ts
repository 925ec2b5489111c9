// Course authoring in the browser (/home/courses): the owner creates a course, adds sections and lectures,
// writes a text block and a quiz, reorders lectures with the keyboard and by dragging, publishes the course
// and grants a student access; deleting a course asks for DELETE to be typed. Every authoring page passes axe,
// at 1280 and 390 px, in English and (last: the school switches language) in Polish.
import type { Locator, Page, Request } from "@playwright/test";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { registerStudent } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { moveDownWithKeyboard } from "../keyboard.ts";
import {
  expect,
  expectAccessible,
  gotoHydrated,
  login,
  newStudent,
  owner,
  test,
  waitForHydration,
} from "../fixtures.ts";

const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** The owner's API client, to arrange what a test does not do through the pages. */
async function ownerClient(server: TestServer): Promise<BrowserClient> {
  const client = new BrowserClient(server.url);
  await client.page("/login");
  const response = await client.post("/login", { email: owner.email, password: owner.password });
  expect(response.status).toBe(200);
  return client;
}

async function arrange(server: TestServer, title: string, sections: { title: string; lectures: string[] }[]) {
  const admin = await ownerClient(server);
  const { course } = (await admin.post("/home/courses", { title })).body;
  const ids: { section: number; lectures: number[] }[] = [];
  for (const section of sections) {
    const { section: s } = (await admin.post(`/home/courses/${course.id}/sections`, { title: section.title })).body;
    const lectures: number[] = [];
    for (const lecture of section.lectures) {
      lectures.push(
        (await admin.post(`/home/courses/${course.id}/sections/${s.id}/lectures`, { title: lecture })).body.lecture.id,
      );
    }
    ids.push({ section: s.id, lectures });
  }
  return { admin, course: course as { id: number; slug: string }, sections: ids };
}

/** The lecture titles of a section card, in their order on the page. */
function lectureTitles(page: Page, section: string): Locator {
  return page.getByRole("list", { name: new RegExp(`^(Lectures of|Lekcje sekcji) ${section}$`) }).getByRole("link");
}

test.describe("course authoring", () => {
  test("the owner builds, orders, publishes a course and grants a student access", async ({
    page,
    server,
    schoolEn,
  }) => {
    // A long journey through a dozen pages with axe on each: ~60 s on a quiet 2-core machine.
    test.slow();
    const student = newStudent("Ada Student");
    await registerStudent(server, student);
    await login(page, schoolEn.owner.email, schoolEn.owner.password);

    // The courses list, from the admin navigation.
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Courses" }).click();
    await page.waitForURL("**/home/courses");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
    await expect(page.getByText("No courses yet")).toBeVisible();
    await expectAccessible(page);

    // A new course: its address is generated from the title (Polish letters transliterated).
    await page.getByRole("link", { name: "New course" }).click();
    await page.waitForURL("**/home/courses/new");
    await waitForHydration(page);
    await page.getByLabel("Title", { exact: true }).fill("Łódź by night");
    await expect(page.getByText("The course's page: /lodz-by-night.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create course" }).click();
    await page.waitForURL(/\/home\/courses\/\d+$/);
    await waitForHydration(page);
    const courseId = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByRole("heading", { level: 1, name: "Łódź by night" })).toBeVisible();
    await expect(page.getByTestId("course-status")).toHaveText("Draft");
    await expect(page.getByText("/lodz-by-night", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /Preview as a student/ })).toHaveAttribute(
      "href",
      "/lodz-by-night/watch?preview=student",
    );

    // Details: the SEO hints count live; the promo may not end before it starts (a 422 from the shared rule).
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("199.00");
    await page.getByLabel("Promo price").fill("149");
    await page.getByLabel("Starts on").fill("2026-06-10");
    await page.getByLabel("Ends on").fill("2026-06-01");
    await page.getByLabel("SEO title").fill("Night photography in Łódź");
    await expect(page.getByText("25 / 70 characters recommended")).toBeVisible();
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByLabel("Ends on")).toHaveAccessibleDescription(
      "The end date must not be before the start date.",
    );
    await expectAccessible(page);
    await page.getByLabel("Ends on").fill("2026-06-30");
    const [saved] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === `/home/courses/${courseId}` && r.request().method() === "PUT",
      ),
      page.getByRole("button", { name: "Save details" }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    const prices = await server.handle.db
      .selectFrom("course_price_changes")
      .select(["price_cents", "promo_price_cents"])
      .where("course_id", "=", courseId)
      .orderBy("id")
      .execute();
    expect(prices).toEqual([
      { price_cents: 0, promo_price_cents: null },
      { price_cents: 19_900, promo_price_cents: 14_900 },
    ]);

    // The cover image is saved on the course as soon as it is uploaded, and cleared as soon as it is deleted.
    const coverOf = async () =>
      (
        await server.handle.db
          .selectFrom("courses")
          .select("cover_image")
          .where("id", "=", courseId)
          .executeTakeFirstOrThrow()
      ).cover_image;
    await page
      .getByLabel("Choose an image: Cover image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") });
    await expect(page.getByRole("img", { name: "Preview of Cover image" })).toBeVisible();
    await expect.poll(coverOf).toMatch(/^images\//);
    await expectAccessible(page);
    // Confirming the deletion saves only the cover: the dialog's own form must not submit the course form around it.
    const courseSaves: string[] = [];
    const recordSave = (request: Request) => {
      if (request.method() === "PUT" && new URL(request.url()).pathname === `/home/courses/${courseId}`)
        courseSaves.push(request.postData() ?? "");
    };
    page.on("request", recordSave);
    await page.getByRole("group", { name: "Cover image" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete this image?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("img", { name: "Preview of Cover image" })).toHaveCount(0);
    await expect.poll(coverOf).toBeNull();
    page.off("request", recordSave);
    expect(courseSaves.map((body) => JSON.parse(body))).toEqual([{ cover_image: null }]);

    // Curriculum: two sections, two lectures in the first, one in the second.
    await page.getByRole("tab", { name: "Curriculum" }).click();
    await expect(page.getByText("No sections yet. Add the first one below.")).toBeVisible();
    for (const title of ["Basics", "After dark"]) {
      await page.getByLabel("New section title").fill(title);
      await page.getByRole("button", { name: "Add section" }).click();
      await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
    const lectures: [string, string][] = [
      ["Basics", "Your camera"],
      ["Basics", "Long exposures"],
      ["After dark", "Street lights"],
    ];
    for (const [section, title] of lectures) {
      await page.getByRole("button", { name: `Add lecture to ${section}` }).click();
      const dialog = page.getByRole("dialog", { name: `New lecture in “${section}”` });
      await expect(dialog.getByLabel("Lecture title")).toBeFocused();
      await expect(dialog.getByLabel("Who can watch")).toHaveValue("paid");
      await dialog.getByLabel("Lecture title").fill(title);
      await dialog.getByLabel("Length (minutes)").fill("75");
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Add lecture" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(lectureTitles(page, section).filter({ hasText: title })).toBeVisible();
    }
    await expect(lectureTitles(page, "Basics")).toHaveText(["Your camera", "Long exposures"]);
    await expectAccessible(page);

    // Reorder with the keyboard: "Your camera" goes below "Long exposures"; the order is kept after a reload.
    await moveDownWithKeyboard(
      page,
      page.getByRole("button", { name: "Move Your camera" }),
      /\/sections\/\d+\/lectures\/order$/,
    );
    await expect(lectureTitles(page, "Basics")).toHaveText(["Long exposures", "Your camera"]);
    await gotoHydrated(page, `/home/courses/${courseId}?tab=curriculum`);
    await expect(lectureTitles(page, "Basics")).toHaveText(["Long exposures", "Your camera"]);
    // Sections too.
    await moveDownWithKeyboard(page, page.getByRole("button", { name: "Move Basics" }), /\/sections\/order$/);
    await expect(page.getByRole("heading", { level: 3 })).toHaveText(["After dark", "Basics"]);

    // The lecture editor: a text block (with its preview) and a quiz.
    await lectureTitles(page, "Basics").filter({ hasText: "Long exposures" }).click();
    await page.waitForURL(/\/home\/courses\/\d+\/lectures\/\d+$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Long exposures" })).toBeVisible();
    await expect(page.getByText("This lecture has no content yet. Add a block below.")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add text" }).click();
    const newBlock = page.getByTestId("new-component");
    await newBlock.getByLabel("Text", { exact: true }).fill("## Tripods\n\nUse a **sturdy** one.");
    await newBlock.getByRole("button", { name: "Preview" }).click();
    await expect(newBlock.getByTestId("markdown-preview").getByRole("heading", { name: "Tripods" })).toBeVisible();
    await expect(newBlock.getByTestId("markdown-preview").locator("strong")).toHaveText("sturdy");
    await expectAccessible(page);
    await newBlock.getByRole("button", { name: "Save block" }).click();
    await expect(page.locator('[data-component-kind="markdown"]')).toContainText("Tripods Use a sturdy one.");

    await page.getByRole("button", { name: "Add quiz" }).click();
    // Saving an incomplete quiz names what is missing.
    await newBlock.getByRole("button", { name: "Save block" }).click();
    await expect(newBlock.getByLabel("Question", { exact: true })).toHaveAccessibleDescription(
      "This field is required.",
    );
    await expect(newBlock.getByText("Tick at least one correct answer.")).toBeVisible();
    await newBlock.getByLabel("Question", { exact: true }).fill("Which shutter speed needs a tripod?");
    await newBlock.getByLabel("Answer 1", { exact: true }).fill("1/1000 s");
    await newBlock.getByLabel("Answer 2", { exact: true }).fill("2 s");
    await newBlock.getByRole("button", { name: "Add answer" }).click();
    await newBlock.getByLabel("Answer 3", { exact: true }).fill("30 s");
    await newBlock.getByRole("checkbox", { name: "Correct: answer 2" }).check();
    await newBlock.getByRole("checkbox", { name: "Correct: answer 3" }).check();
    await newBlock.getByLabel("Hint", { exact: true }).fill("Slower than 1/60 s");
    await expectAccessible(page);
    await newBlock.getByRole("button", { name: "Save block" }).click();
    await expect(page.locator('[data-component-kind="quiz"]')).toContainText("1 question");
    const quiz = await server.handle.db
      .selectFrom("lecture_components")
      .select("data")
      .where("kind", "=", "quiz")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(quiz.data)).toEqual({
      questions: [
        {
          question: "Which shutter speed needs a tripod?",
          answers: ["1/1000 s", "2 s", "30 s"],
          correct: [1, 2],
          hint: "Slower than 1/60 s",
        },
      ],
    });

    // The lecture's own fields: published and free.
    await page.getByLabel("Who can watch").selectOption("free");
    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Save lecture" }).click();
    await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();

    // Components reorder with the keyboard as well.
    await moveDownWithKeyboard(page, page.getByRole("button", { name: /^Move Text:/ }), /\/components\/order$/);
    const blocks = page.locator("article[data-component-kind]");
    await expect(blocks.nth(0)).toHaveAttribute("data-component-kind", "quiz");
    await expect(blocks.nth(1)).toHaveAttribute("data-component-kind", "markdown");
    await gotoHydrated(page, page.url());
    await expect(blocks.nth(0)).toHaveAttribute("data-component-kind", "quiz");

    // Publish.
    await page.getByRole("link", { name: "Łódź by night" }).click();
    await page.waitForURL(/\/home\/courses\/\d+\?tab=curriculum$/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByTestId("course-status")).toHaveText("Published");
    await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
    const row = await server.handle.db
      .selectFrom("courses")
      .select(["status", "published_at"])
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("published");
    expect(row.published_at).not.toBeNull();

    // Grant the student access by e-mail.
    await page.getByRole("tab", { name: "Students" }).click();
    await expect(page.getByText("No student has access yet.")).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Student's e-mail").fill("nobody@example.com");
    await page.getByRole("button", { name: "Grant access" }).click();
    await expect(page.getByLabel("Student's e-mail")).toHaveAccessibleDescription(
      "There is no student with this e-mail address.",
    );
    await page.getByLabel("Student's e-mail").fill(student.email);
    await page.getByRole("button", { name: "Grant access" }).click();
    await expect(page.getByRole("list", { name: "Students with access" }).getByText(student.email)).toBeVisible();
    const user = await server.handle.db
      .selectFrom("users")
      .select(["id", "role"])
      .where("email", "=", student.email)
      .executeTakeFirstOrThrow();
    expect(await hasCourseAccess(server.handle.db, user, courseId)).toBe(true);
    await expectAccessible(page);

    // The list shows it published, with its price and lectures.
    await gotoHydrated(page, "/home/courses");
    const listed = page.locator(`[data-course-id="${courseId}"]`);
    await expect(listed.getByTestId("course-status")).toHaveText("Published");
    await expect(listed).toContainText("€149.00");
    await expect(listed).toContainText("1 of 3 published");
    await expectAccessible(page);
  });

  test("revoking access and deleting a course ask for confirmation; DELETE must be typed", async ({
    page,
    server,
    schoolEn,
  }) => {
    const student = newStudent("Rita Revoked");
    await registerStudent(server, student);
    const { admin, course } = await arrange(server, "To be deleted", [{ title: "Only", lectures: ["One"] }]);
    expect((await admin.post(`/home/courses/${course.id}/access`, { email: student.email })).status).toBe(200);
    await login(page, schoolEn.owner.email, schoolEn.owner.password);

    await gotoHydrated(page, `/home/courses/${course.id}?tab=students`);
    await page.getByRole("button", { name: "Revoke access: Rita Revoked" }).click();
    const revoke = page.getByRole("alertdialog", { name: "Revoke Rita Revoked's access?" });
    await expect(revoke).toBeVisible();
    await expectAccessible(page);
    await revoke.getByRole("button", { name: "Revoke access" }).click();
    await expect(page.getByText("No student has access yet.")).toBeVisible();

    await page.getByRole("tab", { name: "Details" }).click();
    await page.getByRole("button", { name: "Delete course" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete “To be deleted”?" });
    const confirm = dialog.getByRole("button", { name: "Delete course" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type DELETE to confirm").fill("delete");
    await expect(confirm).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await confirm.click();
    await page.waitForURL("**/home/courses");
    await expect(page.getByText("The course was deleted.")).toBeVisible();
    expect(await server.handle.db.selectFrom("courses").select("id").where("id", "=", course.id).execute()).toEqual([]);
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("every authoring page fits and passes axe; a lecture is dragged to a new place", async ({
      page,
      server,
      schoolEn,
    }) => {
      // Every authoring page with axe: ~45 s on a quiet 2-core machine.
      test.slow();
      const { course, sections } = await arrange(server, "Narrow course", [
        { title: "First", lectures: ["Alpha", "Beta", "Gamma"] },
        { title: "Second", lectures: [] },
      ]);
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      for (const url of [
        "/home/courses",
        "/home/courses/new",
        `/home/courses/${course.id}`,
        `/home/courses/${course.id}?tab=students`,
        `/home/courses/${course.id}/lectures/${sections[0]!.lectures[0]}`,
      ]) {
        await gotoHydrated(page, url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Nothing sticks out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectAccessible(page);
      }

      await gotoHydrated(page, `/home/courses/${course.id}?tab=curriculum`);
      await expect(lectureTitles(page, "First")).toHaveText(["Alpha", "Beta", "Gamma"]);
      await expectAccessible(page);
      // Drag "Gamma" by its handle above "Alpha" with the pointer (touch and mouse both come as pointer events).
      const handle = page.getByRole("button", { name: "Move Gamma" });
      const target = page.getByRole("button", { name: "Move Alpha" });
      // Both handles on screen (each row also shows its release, so the list is taller than the viewport).
      await target.evaluate((element) => element.scrollIntoView({ block: "start" }));
      const from = (await handle.boundingBox())!;
      const to = (await target.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 20 });
      const [response] = await Promise.all([
        page.waitForResponse((r) => /\/lectures\/order$/.test(new URL(r.url()).pathname)),
        page.mouse.up(),
      ]);
      expect(response.status()).toBe(200);
      await expect(lectureTitles(page, "First")).toHaveText(["Gamma", "Alpha", "Beta"]);
      await gotoHydrated(page, `/home/courses/${course.id}?tab=curriculum`);
      await expect(lectureTitles(page, "First")).toHaveText(["Gamma", "Alpha", "Beta"]);
    });
  });

  // Last in this file: the school switches to Polish (the next file starts a new server).
  test("in Polish, at both widths: the pages speak Polish, pass axe, and a 422 is shown in Polish", async ({
    page,
    newPage,
    server,
    schoolEn: _,
  }) => {
    // Both widths, axe on every page: ~40 s on a quiet 2-core machine.
    test.slow();
    const { admin, course, sections } = await arrange(server, "Kurs po polsku", [
      { title: "Wstęp", lectures: ["Pierwsza", "Druga"] },
    ]);
    const settings = await admin.json("PUT", "/home/settings", {
      name: "Test Academy",
      language: "pl",
      currency: "PLN",
      login_enabled: true,
      registration_enabled: true,
    });
    expect(settings.status).toBe(200);
    await login(page, owner.email, owner.password);
    // The school is cached for two seconds: wait until the pages speak Polish.
    await expect(async () => {
      await gotoHydrated(page, "/home/courses");
      await expect(page.locator("html")).toHaveAttribute("lang", "pl", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    const narrow = await newPage({ viewport: { width: 390, height: 844 } });
    await login(narrow, owner.email, owner.password);
    for (const p of [page, narrow]) {
      await gotoHydrated(p, "/home/courses");
      await expect(p.getByRole("heading", { level: 1, name: "Kursy" })).toBeVisible();
      await expectAccessible(p);

      await gotoHydrated(p, "/home/courses/new");
      await p.getByLabel("Tytuł", { exact: true }).fill("Zażółć gęślą jaźń");
      await expect(p.getByText("Strona kursu: /zazolc-gesla-jazn.")).toBeVisible();
      await p.getByLabel("Adres (opcjonalnie)").fill("checkout");
      await p.getByRole("button", { name: "Utwórz kurs" }).click();
      await expect(p.getByLabel("Adres (opcjonalnie)")).toHaveAccessibleDescription(
        "Tego adresu używa sama strona. Wybierz inny.",
      );
      await expectAccessible(p);

      await gotoHydrated(p, `/home/courses/${course.id}`);
      await expect(p.getByRole("tab", { name: "Szczegóły" })).toHaveAttribute("aria-selected", "true");
      await expect(p.getByText("0 / 70 zalecanych znaków")).toBeVisible();
      await expectAccessible(p);
      await p.getByRole("tab", { name: "Program" }).click();
      await expect(lectureTitles(p, "Wstęp")).toHaveText(["Pierwsza", "Druga"]);
      await expect(p.getByText("2 lekcje")).toBeVisible();
      await expectAccessible(p);
      await p.getByRole("tab", { name: "Kursanci" }).click();
      await expect(p.getByText("Żaden kursant nie ma jeszcze dostępu.")).toBeVisible();
      await expectAccessible(p);

      await gotoHydrated(p, `/home/courses/${course.id}/lectures/${sections[0]!.lectures[0]}`);
      await expect(p.getByRole("heading", { level: 1, name: "Pierwsza" })).toBeVisible();
      await expect(p.getByRole("button", { name: "Dodaj quiz" })).toBeVisible();
      await expectAccessible(p);
    }
    // Keyboard reordering speaks Polish too.
    await gotoHydrated(page, `/home/courses/${course.id}?tab=curriculum`);
    await moveDownWithKeyboard(page, page.getByRole("button", { name: "Przesuń: Pierwsza" }), /\/lectures\/order$/);
    await expect(lectureTitles(page, "Wstęp")).toHaveText(["Druga", "Pierwsza"]);
  });
});
