// The course report (/home/courses/{id}/report, core/learning/report/) in the browser: the owner opens it, sees
// the figures and the students, filters to the stuck ones (one student finished, one stuck for a month), and
// exports the CSV. One short test, English at 1280 px; axe on the page and on the filtered list.
import { createUser } from "#core/accounts/create-user.ts";
import { arrangeDiscussionCourse, grantAccess } from "#tests/helpers/discussion-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, owner, test } from "../fixtures.ts";

test("the course report opens, filters to the stuck students and exports", async ({ page, server, schoolEn: _ }) => {
  const db = server.handle.db;
  const course = await arrangeDiscussionCourse(db, {
    lectures: { first: { access: "free" }, second: { access: "free" } },
  });
  const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const now = new Date().toISOString();
  const progress = async (name: string, lectures: number[], at: string) => {
    const user = await createUser(db, { ...newStudent(name), role: "student" });
    await grantAccess(db, user.id, course.id);
    for (const lecture_id of lectures) {
      await db
        .insertInto("lecture_progress")
        .values({
          user_id: user.id,
          lecture_id,
          course_id: course.id,
          last_viewed_at: at,
          completed_at: at,
          updated_at: at,
        })
        .execute();
    }
  };
  await progress("Fiona Finished", [course.lectures.first, course.lectures.second], now);
  await progress("Stan Stuck", [course.lectures.first], monthAgo);

  await login(page, owner.email, owner.password);
  await gotoHydrated(page, `/home/courses/${course.id}/report`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Discussion course");
  await expect(page.getByRole("heading", { name: "Students (2)" })).toBeVisible();
  await expectAccessible(page);

  const filters = page.getByRole("search", { name: "Filter the students" });
  await filters.getByLabel("Show").selectOption({ label: "Stuck only" });
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/show=stuck/);
  await expect(page.getByRole("heading", { name: "Students (1)" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /Stan Stuck/ })).toBeVisible();
  await expect(page.getByText("Fiona Finished")).toHaveCount(0);
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});
