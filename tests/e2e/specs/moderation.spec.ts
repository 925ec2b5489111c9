// Moderation in the browser (issue 14, item 8), in English at 1280 and 390 px: a student reports a lecture comment
// through the Report dialog, the admin sees it in /home/moderation (with the count in the navigation) and hides
// it from the queue, and the student no longer sees the comment. Each page is checked with axe.
import { arrangeDiscussionCourse, newStudent, postComment } from "#tests/helpers/discussion-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a reported comment is hidden from the queue and gone for the student", async ({ page, server, schoolEn }) => {
      const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
      const url = `/${course.slug}/watch/${course.lectures.free}`;
      const author = await newStudent(server, "Adam Author");
      const text = `Cheap lenses at spam.example ${viewport.width}`;
      await postComment(author.client, course.lectures.free, text);
      const reader = await newStudent(server, "Rita Reader");

      // The student reports it.
      await login(page, reader.email, "student-secret");
      await gotoHydrated(page, url);
      const area = page.getByTestId("lecture-discussion");
      const article = area.getByRole("article").filter({ hasText: text }).first();
      await expect(article).toBeVisible();
      await article.getByRole("button", { name: "Report the comment by Adam Author" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this comment" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(dialog.getByText("Choose a reason.")).toBeVisible();
      await dialog.getByRole("radio", { name: "Spam" }).check();
      await dialog.getByRole("textbox", { name: "Anything to add? (optional)" }).fill("An advert for a shop");
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Thank you. The school's team will look at it.")).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // The admin hides it from the queue.
      await page.context().clearCookies();
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await gotoHydrated(page, "/home/moderation");
      await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
      const item = page.locator("article").filter({ hasText: text });
      await expect(item).toBeVisible();
      await expect(item.getByText("1 report", { exact: true })).toBeVisible();
      await expect(item.getByText("An advert for a shop")).toBeVisible();
      await expect(item.getByRole("link", { name: /In the lecture/ })).toHaveAttribute("href", url);
      await expectAccessible(page);
      await item.getByRole("button", { name: "Hide", exact: true }).click();
      await expect(page.getByText("Hidden from students.")).toBeVisible();
      await expect(page.locator("article").filter({ hasText: text })).toHaveCount(0);
      await page.getByRole("link", { name: "Resolved" }).click();
      const row = page.getByRole("row").filter({ hasText: text });
      await expect(row.getByText("Hidden", { exact: true }).first()).toBeVisible();
      await expect(row.getByRole("button", { name: "Unhide" })).toBeVisible();
      await expectAccessible(page);

      // The admin still sees it under the lecture, marked.
      await gotoHydrated(page, url);
      const marked = page.getByTestId("lecture-discussion").getByRole("article").filter({ hasText: text }).first();
      await expect(marked.getByText("Hidden", { exact: true })).toBeVisible();

      // The student no longer does.
      await page.context().clearCookies();
      await login(page, reader.email, "student-secret");
      await gotoHydrated(page, url);
      await expect(page.getByTestId("lecture-discussion")).toBeVisible();
      await expect(page.getByText(text)).toHaveCount(0);
    });
  });
}
