// Community topic e-mails in the browser (issue 14, item 7): the notification dropdown (here in the account
// settings, the topic feed places the same component) is used with the keyboard alone and saves the level; the
// unsubscribe page of a topic mail mutes the topic with one button, without logging in. Both pass axe.
import { unsubscribeToken } from "#core/community/notifications/unsubscribe-token.ts";
import { newStudent as registerStudent } from "#tests/helpers/discussion-fixtures.ts";
import { TEST_SECRET_KEY, type TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";

async function topicWithLevel(server: TestServer, userId: number, title: string) {
  const now = new Date().toISOString();
  const db = server.handle.db;
  const { id } = await db
    .insertInto("community_topics")
    .values({ title, visibility: "public", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("community_topic_subscriptions")
    .values({ user_id: userId, topic_id: id, level: "posts", updated_at: now })
    .execute();
  return id;
}

function levelOf(server: TestServer, userId: number, topicId: number) {
  return server.handle.db
    .selectFrom("community_topic_subscriptions")
    .select("level")
    .where("user_id", "=", userId)
    .where("topic_id", "=", topicId)
    .executeTakeFirst()
    .then((row) => row?.level ?? null);
}

test("the notification dropdown changes a topic's level with the keyboard", async ({ page, server, schoolEn: _ }) => {
  const student = await registerStudent(server, "Kim Keyboard");
  const topicId = await topicWithLevel(server, student.id, "Photography");
  await login(page, student.email, "student-secret");
  await gotoHydrated(page, "/my/account");

  const trigger = page.getByRole("button", { name: "E-mails from Photography: New posts" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitemradio", { name: /^New posts/ })).toHaveAttribute("aria-checked", "true");
  await expectAccessible(page);
  // Muted, New posts, Every post and comment, Daily digest: the third.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitemradio", { name: /^Every post and comment/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Notification settings saved.")).toBeVisible();
  await expect(page.getByRole("button", { name: "E-mails from Photography: Everything" })).toBeVisible();
  await expect.poll(() => levelOf(server, student.id, topicId)).toBe("all");
  // Focus goes back to the trigger, as the menu closes.
  await expect(page.getByRole("button", { name: /E-mails from Photography/ })).toBeFocused();
});

test("the unsubscribe page mutes the topic without a login", async ({ page, server, schoolEn: _ }) => {
  const student = await registerStudent(server, "Una Unsubscribe");
  const topicId = await topicWithLevel(server, student.id, "Gardening");
  const token = unsubscribeToken(Buffer.from(TEST_SECRET_KEY, "utf8"), { userId: student.id, topicIds: [topicId] });
  await gotoHydrated(page, `/community/unsubscribe/${token}`);
  await expect(page.getByRole("heading", { name: "Stop e-mails" })).toBeVisible();
  await expect(page.getByTestId("unsubscribe-topics")).toHaveText("Gardening");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Stop these e-mails" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toContainText(
    "you will get no more e-mails from these topics",
  );
  expect(await levelOf(server, student.id, topicId)).toBe("muted");
  await expectAccessible(page);
});
