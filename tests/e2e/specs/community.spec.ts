// The community in English (issue 14): the feed with its topics, writing a post with an image through the dialog
// (the button disabled until the title and text are valid, an image above 600 KB refused with a message that
// clears), and commenting and voting on a post, accessible at 1280 and 390 px. Polish: community-polish.spec.ts.
import { arrangeTopic } from "#tests/helpers/community-fixtures.ts";
import { newStudent as registerStudent, solidPng } from "#tests/helpers/discussion-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";

/** A file that says it is a GIF and is above 600000 bytes (GIFs are sent as they are, never compressed). */
function bigGif(): Buffer {
  return Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.alloc(700_000, 1)]);
}

// English at 1280 px; its Polish twin walks the same flow at 390 px (docs/decisions/0035).
for (const viewport of [{ width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a student reads the feed and writes a post with an image", async ({ page, server, schoolEn: _ }) => {
      const topicTitle = `Study hall ${viewport.width}`;
      const topic = await arrangeTopic(server.handle.db, { title: topicTitle, description: "Questions and answers" });
      const student = await registerStudent(server, "Stefan Student");
      await login(page, student.email, "student-secret");

      await gotoHydrated(page, "/community");
      await expect(page.getByRole("heading", { name: "Community", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Community" }).first()).toBeVisible();
      await expectAccessible(page);
      await page.getByTestId("topic-list").getByRole("link", { name: topicTitle }).click();
      await page.waitForURL((url) => url.pathname === `/community/topics/${topic}`);
      await expect(page.getByRole("heading", { name: topicTitle, level: 1 })).toBeVisible();
      await expect(page.getByText("Questions and answers")).toBeVisible();

      await page.getByRole("button", { name: "New post" }).click();
      const dialog = page.getByRole("dialog", { name: "Write a post" });
      const publish = dialog.getByRole("button", { name: "Publish" });
      await expect(publish).toBeDisabled();
      await dialog.getByLabel("Title").fill("Hey");
      await dialog.getByLabel("Text").fill("Here is my first exercise, see https://example.com");
      await expect(publish).toBeDisabled();
      await dialog.getByLabel("Title").fill("My first exercise");
      await expect(publish).toBeEnabled();

      await dialog.getByTestId("post-image-input").setInputFiles({
        name: "huge.gif",
        mimeType: "image/gif",
        buffer: bigGif(),
      });
      const message = dialog.getByTestId("post-image-message");
      await expect(message).toHaveText("The file may not be larger than 600 KB.");
      await expect(message).toHaveCount(0, { timeout: 6000 });

      await dialog.getByTestId("post-image-input").setInputFiles({
        name: "exercise.png",
        mimeType: "image/png",
        buffer: solidPng(120, 80),
      });
      await expect(dialog.getByTestId("post-image-preview")).toBeVisible();
      await expectAccessible(page);
      await publish.click();
      await expect(dialog).toHaveCount(0);

      const card = page.getByTestId("post-card").filter({ hasText: "My first exercise" });
      await expect(card).toBeVisible();
      await expect(card.getByTestId("post-image")).toBeVisible();
      await expect(card.getByRole("link", { name: "https://example.com" })).toHaveAttribute(
        "href",
        "https://example.com",
      );
      await expectAccessible(page);
    });

    test("a student comments and votes on a post", async ({ page, server, schoolEn: _ }) => {
      const topic = await arrangeTopic(server.handle.db, { title: `Show and tell ${viewport.width}` });
      const author = await registerStudent(server, "Anna Author");
      const created = await author.client.post(`/json/community/topics/${topic}/post/create`, {
        title: "Look at my garden",
        body: "It took me a whole summer.",
      });
      expect(created.status).toBe(200);
      const reader = await registerStudent(server, "Rob Reader");
      await login(page, reader.email, "student-secret");

      await gotoHydrated(page, `/community/topics/${topic}`);
      await page.getByRole("link", { name: "Look at my garden" }).click();
      await page.waitForURL((url) => url.pathname === `/community/posts/${created.body.post.id}`);
      await expect(page.getByRole("heading", { name: "Look at my garden", level: 1 })).toBeVisible();
      const post = page.getByTestId("post");
      await expect(post.getByRole("button", { name: "Edit" })).toHaveCount(0);

      const up = post.getByRole("button", { name: "Vote up" });
      await expect(up).toHaveAttribute("data-tone", "dark");
      await up.click();
      await expect(up).toHaveAttribute("data-tone", "green");
      await expect(post.getByTestId("up-votes")).toContainText("1");

      const discussion = page.getByTestId("post-discussion");
      await discussion.getByRole("textbox", { name: "Your comment" }).fill("Beautiful work!");
      await discussion.getByRole("button", { name: "Send" }).click();
      await expect(discussion.getByText("Beautiful work!")).toBeVisible();
      await expect(discussion.getByRole("textbox", { name: "Your comment" })).toHaveValue("");
      await expectAccessible(page);

      // The reader reports the post; the school's queue has it.
      await post.getByRole("button", { name: "Report the post by Anna Author" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this post" });
      await dialog.getByRole("radio", { name: "Spam" }).check();
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Thank you. The school's team will look at it.")).toBeVisible();
      const report = await server.handle.db
        .selectFrom("reports")
        .select(["reportable_type", "reportable_id"])
        .where("reportable_id", "=", created.body.post.id)
        .executeTakeFirstOrThrow();
      expect(report.reportable_type).toBe("post");
    });
  });
}
