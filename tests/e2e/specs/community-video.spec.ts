// A video on a comment under a community post (spec §5, §8; issue 14): 'Attach video' is offered while the text
// box has focus, and leaving the box never moves the Send button (its place is kept); a student attaches a small
// video, sends, and sees the upload's progress, then 'Saved' (on our own endpoint a stored video is ready at
// once: status 3 without a transcoding job); the comment is there, accessible.
import { arrangeTopic } from "#tests/helpers/community-fixtures.ts";
import { newStudent as registerStudent } from "#tests/helpers/discussion-fixtures.ts";
import { mp4Like } from "#tests/helpers/media-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, test } from "../fixtures.ts";

test("a student comments on a post with a video and sees progress, then 'Saved'", async ({
  page,
  server,
  schoolEn: _,
}) => {
  const topic = await arrangeTopic(server.handle.db, { title: "Video corner" });
  const author = await registerStudent(server, "Anna Author");
  const created = await author.client.post(`/json/community/topics/${topic}/post/create`, {
    title: "My dance routine",
    body: "Tell me what you think.",
  });
  expect(created.status).toBe(200);
  const student = await registerStudent(server, "Vera Video");
  await login(page, student.email, "student-secret");
  await gotoHydrated(page, `/community/posts/${created.body.post.id}`);

  const discussion = page.getByTestId("post-discussion");
  const box = discussion.getByRole("textbox", { name: "Your comment" });
  const attach = discussion.getByRole("button", { name: "Attach video" });
  await expect(attach).toHaveCount(0);
  await box.fill("Here is my version of it");
  await expect(attach).toBeVisible();
  const send = discussion.getByRole("button", { name: "Send" });
  const focusedAt = await send.boundingBox();
  // Leaving the box takes the offer away, but not its place: Send stays where the pointer is.
  await page.getByRole("heading", { name: "My dance routine", level: 1 }).click();
  await expect(attach).toHaveCount(0);
  expect(await send.boundingBox()).toEqual(focusedAt);

  await box.focus();
  await discussion.getByTestId("comment-video-input").setInputFiles({
    name: "routine.mp4",
    mimeType: "video/mp4",
    buffer: mp4Like(2 * 1024 * 1024),
  });
  await expect(discussion.getByText("Video: routine.mp4")).toBeVisible();
  await expectAccessible(page);

  // What the form shows on the way: recorded as it appears (a small file on this machine goes up in a moment).
  await discussion.evaluate((element) => {
    const seen: string[] = [];
    Object.assign(window, { __videoStates: seen });
    const note = () => {
      if (element.querySelector('[role="progressbar"]') && !seen.includes("progress")) seen.push("progress");
      for (const status of element.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? "";
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(note).observe(element, { subtree: true, childList: true, characterData: true });
  });
  await send.click();
  await expect(discussion.getByText("Here is my version of it")).toBeVisible();
  await expect(discussion.getByRole("status").filter({ hasText: "Saved" })).toBeVisible({ timeout: 30_000 });
  const states = await page.evaluate(() => (window as unknown as { __videoStates: string[] }).__videoStates);
  expect(states[0]).toBe("progress");
  expect(states.at(-1)).toBe("Saved");
  await expect(box).toHaveValue("");

  // The comment carries the video, ready (status 3) on our own endpoint.
  const row = await server.handle.db
    .selectFrom("comments as c")
    .innerJoin("videos as v", "v.id", "c.video_id")
    .select(["v.status", "v.user_id"])
    .where("c.body", "=", "Here is my version of it")
    .executeTakeFirstOrThrow();
  expect(row.status).toBe(3);
  await expectAccessible(page);
});

test("a student writes a post with a video file: progress, 'Saved', and the post plays it", async ({
  page,
  server,
  schoolEn: _,
}) => {
  const topic = await arrangeTopic(server.handle.db, { title: "Video posts" });
  const student = await registerStudent(server, "Paula Poster");
  await login(page, student.email, "student-secret");
  await gotoHydrated(page, `/community/topics/${topic}`);

  await page.getByRole("button", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "Write a post" });
  await dialog.getByLabel("Title").fill("My juggling video");
  await dialog.getByLabel("Text").fill("Three balls at last, see the clip.");
  await dialog.getByTestId("comment-video-input").setInputFiles({
    name: "juggling.mp4",
    mimeType: "video/mp4",
    buffer: mp4Like(2 * 1024 * 1024),
  });
  await expect(dialog.getByText("Video: juggling.mp4")).toBeVisible();
  await expectAccessible(page);
  await dialog.evaluate((element) => {
    const seen: string[] = [];
    Object.assign(window, { __videoStates: seen });
    new MutationObserver(() => {
      if (element.querySelector('[role="progressbar"]') && !seen.includes("progress")) seen.push("progress");
      for (const status of element.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? "";
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(element, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Saved" })).toBeVisible({ timeout: 30_000 });
  const states = await page.evaluate(() => (window as unknown as { __videoStates: string[] }).__videoStates);
  expect(states[0]).toBe("progress");
  expect(states.at(-1)).toBe("Saved");
  await expectAccessible(page);

  const post = await server.handle.db
    .selectFrom("community_posts as p")
    .innerJoin("videos as v", "v.id", "p.video_id")
    .select(["p.id", "v.id as videoId", "v.status", "v.user_id"])
    .where("p.title", "=", "My juggling video")
    .executeTakeFirstOrThrow();
  expect(post.status).toBe(3);
  await page.keyboard.press("Escape");
  await gotoHydrated(page, `/community/posts/${post.id}`);
  const player = page.getByTestId("post-hosted-video").locator("video");
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute("src", new RegExp(`/videos/${post.videoId}/stream`));
  await expectAccessible(page);
});
