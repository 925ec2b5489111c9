// The lecture discussion in a Polish school (spec §1): the login prompt, the comment form's length warning,
// replies and votes, all in Polish, accessible at 390 and 1280 px. English: discussion.spec.ts.
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  newStudent as registerStudent,
  postComment,
} from "#tests/helpers/discussion-fixtures.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, owner, test } from "../fixtures.ts";

async function arrange(server: TestServer) {
  const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
  const admin = new BrowserClient(server.url);
  await admin.page("/login");
  await admin.post("/login", { email: owner.email, password: owner.password });
  await postComment(admin, course.lectures.free, "Witajcie na kursie!");
  return { slug: course.slug, url: `/${course.slug}/watch/${course.lectures.free}` };
}

// Polish at 390 px; its English twin walks the same flow at 1280 px (docs/decisions/0035).
for (const viewport of [{ width: 390, height: 844 }]) {
  test.describe(`a Polish school at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a logged-out visitor sees the Polish login prompt", async ({ page, server, schoolPl: _ }) => {
      const lecture = await arrange(server);
      await gotoHydrated(page, lecture.url);
      const area = page.getByTestId("lecture-discussion");
      await expect(area.getByRole("heading", { name: "Komentarze" })).toBeVisible();
      await expect(area.getByText("Chcesz zobaczyć komentarze?")).toBeVisible();
      await expect(area.getByRole("link", { name: "Zaloguj się teraz" })).toHaveAttribute(
        "href",
        `/${lecture.slug}/watch/login`,
      );
      await expectAccessible(page);
    });

    test("a student comments, gets the Polish length warning, replies and votes", async ({
      page,
      server,
      schoolPl: _,
    }) => {
      const lecture = await arrange(server);
      const student = await registerStudent(server, "Zofia Studentka");
      await login(page, student.email, "student-secret");
      await gotoHydrated(page, lecture.url);

      const area = page.getByTestId("lecture-discussion");
      const box = area.getByRole("textbox", { name: "Twój komentarz" });
      await box.fill("ż".repeat(1300));
      await area.getByRole("button", { name: "Wyślij" }).click();
      const warning = area.getByRole("alert");
      await expect(warning).toContainText("Komentarz może mieć najwyżej 1200 znaków. Twój ma 1300.");
      await expect(warning).toContainText("Spróbuj podzielić komentarz na części");
      await expectAccessible(page);

      await box.fill("Świetna lekcja, dziękuję!");
      await area.getByRole("button", { name: "Wyślij" }).click();
      await expect(area.getByRole("article").filter({ hasText: "Świetna lekcja, dziękuję!" })).toBeVisible();
      await expect(box).toHaveValue("");

      const welcome = area.getByRole("article").filter({ hasText: "Witajcie na kursie!" });
      await expect(welcome.getByText("administrator", { exact: true })).toBeVisible();
      await welcome.getByRole("button", { name: "Głosuj na tak" }).click();
      await expect(welcome.getByRole("button", { name: "Głosuj na tak" })).toHaveAttribute("data-tone", "green");
      await welcome.getByRole("button", { name: "Głosuj na nie" }).click();
      await expect(welcome.getByRole("button", { name: "Głosuj na nie" })).toHaveAttribute("data-tone", "red");

      await welcome.getByRole("button", { name: "Odpowiedz" }).click();
      await welcome.getByRole("textbox", { name: "Twoja odpowiedź" }).fill("Dzięki!");
      await welcome.getByRole("button", { name: "Wyślij" }).click();
      await expect(
        welcome.getByRole("list", { name: `Odpowiedzi na komentarz: ${owner.name}` }).getByText("Dzięki!"),
      ).toBeVisible();
      await expect(welcome.getByRole("button", { name: "Ukryj odpowiedzi" })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
