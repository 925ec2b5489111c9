// The community in a Polish school (spec §1, issue 14): the feed, the post dialog with its rules and an image,
// comments and votes on a post, all in Polish and accessible at 1280 and 390 px. English: community.spec.ts.
import { arrangeTopic } from "#tests/helpers/community-fixtures.ts";
import { newStudent as registerStudent, solidPng } from "#tests/helpers/discussion-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";

// Polish at 390 px; its English twin walks the same flow at 1280 px (docs/decisions/0035).
for (const viewport of [{ width: 390, height: 844 }]) {
  test.describe(`a Polish school at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a student writes a post with an image, then comments and votes on it", async ({
      page,
      server,
      schoolPl: _,
    }) => {
      const topicTitle = `Pokój nauki ${viewport.width}`;
      const topic = await arrangeTopic(server.handle.db, { title: topicTitle, description: "Pytania i odpowiedzi" });
      const student = await registerStudent(server, "Zofia Studentka");
      await login(page, student.email, "student-secret");

      await gotoHydrated(page, "/community");
      await expect(page.getByRole("heading", { name: "Społeczność", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Najnowsze wpisy" })).toBeVisible();
      await expectAccessible(page);

      await gotoHydrated(page, `/community/topics/${topic}`);
      await page.getByRole("button", { name: "Nowy wpis" }).click();
      const dialog = page.getByRole("dialog", { name: "Napisz wpis" });
      const publish = dialog.getByRole("button", { name: "Opublikuj" });
      await expect(publish).toBeDisabled();
      await dialog.getByLabel("Tytuł").fill("Moje ćwiczenie");
      await dialog.getByLabel("Treść").fill("Zróbcie to samo, warto!");
      await expect(publish).toBeEnabled();
      await dialog.getByTestId("post-image-input").setInputFiles({
        name: "cwiczenie.png",
        mimeType: "image/png",
        buffer: solidPng(60, 40),
      });
      await expect(dialog.getByTestId("post-image-preview")).toBeVisible();
      await expectAccessible(page);
      await publish.click();
      await expect(dialog).toHaveCount(0);

      const card = page.getByTestId("post-card").filter({ hasText: "Moje ćwiczenie" });
      await expect(card.getByTestId("post-image")).toBeVisible();
      await expect(card.getByRole("link", { name: "Komentarze: 0" })).toBeVisible();
      await card.getByRole("link", { name: "Moje ćwiczenie" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/community/posts/"));

      const post = page.getByTestId("post");
      await expect(post.getByRole("button", { name: "Edytuj" })).toBeVisible();
      await expect(post.getByRole("button", { name: "Usuń" })).toBeVisible();
      const up = post.getByRole("button", { name: "Głosuj na tak" });
      await up.click();
      await expect(up).toHaveAttribute("data-tone", "green");

      const discussion = page.getByTestId("post-discussion");
      await expect(discussion.getByRole("heading", { name: "Komentarze" })).toBeVisible();
      await discussion.getByRole("textbox", { name: "Twój komentarz" }).fill("Świetna robota!");
      await discussion.getByRole("button", { name: "Wyślij" }).click();
      await expect(discussion.getByText("Świetna robota!")).toBeVisible();
      await expectAccessible(page);
    });
  });
}
