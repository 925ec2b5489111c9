// The lecture discussion under the player on /{slug}/watch/{lectureId} (spec §2 "Player comments area", §4, §5,
// §6, §8), in English: the logged-out prompt, commenting with the send-button and length rules, replies, vote
// colours, deleting with a confirmation, and an admin's review conversion, reply image and moderation.
// The Polish school: discussion-polish.spec.ts.
import type { Page } from "@playwright/test";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  newStudent as registerStudent,
  postComment,
  postReply,
  solidPng,
} from "#tests/helpers/discussion-fixtures.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, owner, test, waitForHydration } from "../fixtures.ts";

async function ownerClient(server: TestServer): Promise<BrowserClient> {
  const client = new BrowserClient(server.url);
  await client.page("/login");
  const response = await client.post("/login", { email: owner.email, password: owner.password });
  if (response.status !== 200) throw new Error(`owner login failed: ${response.status}`);
  return client;
}

async function freeLecture(server: TestServer) {
  const course = await arrangeDiscussionCourse(server.handle.db, { lectures: { free: { access: "free" } } });
  return { slug: course.slug, lectureId: course.lectures.free, url: `/${course.slug}/watch/${course.lectures.free}` };
}

function discussion(page: Page) {
  return page.getByTestId("lecture-discussion");
}

/** The colour a Tailwind text class gives, as the browser computes it. */
function colourOf(page: Page, className: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement("span");
    probe.className = name;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, className);
}

function commentArticle(page: Page, text: string) {
  return discussion(page).getByRole("article").filter({ hasText: text }).first();
}

// English at 1280 px; its Polish twin walks the same flow at 390 px (docs/decisions/0035).
for (const viewport of [{ width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a logged-out visitor is asked to log in to see the comments", async ({ page, server, schoolEn: _ }) => {
      const lecture = await freeLecture(server);
      const admin = await ownerClient(server);
      await postComment(admin, lecture.lectureId, "Only for logged-in eyes");

      await gotoHydrated(page, lecture.url);
      const area = discussion(page);
      await expect(area.getByText("Want to see the comments?")).toBeVisible();
      const link = area.getByRole("link", { name: "Log in now" });
      await expect(link).toHaveAttribute("href", `/${lecture.slug}/watch/login`);
      await expect(area.getByText("Only for logged-in eyes")).toHaveCount(0);
      await expect(area.getByRole("textbox")).toHaveCount(0);
      await expectAccessible(page);

      await link.click();
      await page.waitForURL((url) => url.pathname === "/login");
    });

    test("a student comments: the send button, the length warning, sending and the cleared box", async ({
      page,
      server,
      schoolEn: _,
    }) => {
      const lecture = await freeLecture(server);
      const student = await registerStudent(server, "Stefan Student");
      await login(page, student.email, "student-secret");
      await gotoHydrated(page, lecture.url);

      const area = discussion(page);
      await expect(area.getByText("No comments yet. Start the conversation!")).toBeVisible();
      const box = area.getByRole("textbox", { name: "Your comment" });
      const send = area.getByRole("button", { name: "Send" });
      await expect(send).toHaveCount(0);
      await box.fill("a");
      await expect(send).toBeDisabled();
      await box.fill("ab");
      await expect(send).toBeEnabled();
      await expectAccessible(page);

      await box.fill("x".repeat(1201));
      await send.click();
      const warning = area.getByRole("alert");
      await expect(warning).toContainText("A comment can have at most 1200 characters. Yours has 1201.");
      await expect(warning).toContainText("Try splitting your comment");
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);

      await box.fill("  A really clear explanation, thank you!  ");
      await send.click();
      await expect(commentArticle(page, "A really clear explanation, thank you!")).toBeVisible();
      await expect(box).toHaveValue("");
      await expect(send).toHaveCount(0);
      await expect(area.getByRole("alert")).toHaveCount(0);
      await expect(area.getByRole("article").first()).toContainText("Stefan Student");

      // It is stored: after a reload it is still there.
      await gotoHydrated(page, lecture.url);
      await expect(commentArticle(page, "A really clear explanation, thank you!")).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test.describe("the discussion in English", () => {
  test("a student replies, votes (green up, red down, dark otherwise) and deletes their own comment", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const lecture = await freeLecture(server);
    const admin = await ownerClient(server);
    await postComment(admin, lecture.lectureId, "Welcome to the course! Ask anything here.");
    const student = await registerStudent(server, "Stefan Student");
    await postComment(student.client, lecture.lectureId, "Delete me later");

    await login(page, student.email, "student-secret");
    await gotoHydrated(page, lecture.url);

    // The admin's comment: marked, and not deletable by a student.
    const adminComment = commentArticle(page, "Welcome to the course!");
    await expect(adminComment.getByText("by admin", { exact: true })).toBeVisible();
    await expect(adminComment.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(adminComment.getByRole("link", { name: owner.name })).toHaveCount(0);

    // Votes.
    const up = adminComment.getByRole("button", { name: "Vote up" });
    const down = adminComment.getByRole("button", { name: "Vote down" });
    const count = adminComment.getByTestId("up-votes");
    await expect(up).toHaveAttribute("data-tone", "dark");
    await expect(down).toHaveAttribute("data-tone", "dark");
    await expect(count).toContainText("0");
    await up.click();
    await expect(up).toHaveAttribute("data-tone", "green");
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await expect(count).toContainText("1");
    const [green, red, dark] = [
      await colourOf(page, "text-emerald-700"),
      await colourOf(page, "text-red-700"),
      await colourOf(page, "text-gray-800"),
    ];
    expect(new Set([green, red, dark]).size).toBe(3);
    await expect(up).toHaveCSS("color", green);
    await expect(down).toHaveCSS("color", dark);
    await down.click();
    await expect(down).toHaveAttribute("data-tone", "red");
    await expect(down).toHaveCSS("color", red);
    await expect(up).toHaveCSS("color", dark);
    await expect(up).toHaveAttribute("data-tone", "dark");
    await expect(count).toContainText("0");
    await down.click();
    await expect(down).toHaveAttribute("data-tone", "dark");
    await expect(down).toHaveAttribute("aria-pressed", "false");
    await expect(count).toContainText("0");
    await up.click();
    await expect(count).toContainText("1");
    const stored = await server.handle.db
      .selectFrom("votes")
      .select(["value"])
      .where("user_id", "=", student.id)
      .execute();
    expect(stored).toEqual([{ value: 1 }]);

    // A reply with the same rules.
    await adminComment.getByRole("button", { name: "Reply" }).click();
    const replyBox = adminComment.getByRole("textbox", { name: "Your reply" });
    await expect(replyBox).toBeFocused();
    await replyBox.fill("k");
    await expect(adminComment.getByRole("button", { name: "Send" })).toBeDisabled();
    await replyBox.fill("Thanks, I will!");
    await adminComment.getByRole("button", { name: "Send" }).click();
    const replies = adminComment.getByRole("list", { name: `Replies to ${owner.name}` });
    await expect(replies.getByText("Thanks, I will!")).toBeVisible();
    await expect(replyBox).toHaveValue("");
    await expect(adminComment.getByRole("button", { name: "Hide replies" })).toBeVisible();
    await expectAccessible(page);

    // Deleting the own comment, after confirming.
    const mine = commentArticle(page, "Delete me later");
    await mine.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this comment?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(mine).toBeVisible();
    await mine.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(discussion(page).getByText("Delete me later")).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await server.handle.db.selectFrom("comments").select("id").where("body", "=", "Delete me later").execute())
            .length,
      )
      .toBe(0);

    // Replies load on 'Show replies' after a reload.
    await gotoHydrated(page, lecture.url);
    const again = commentArticle(page, "Welcome to the course!");
    await again.getByRole("button", { name: "Show replies (1)" }).click();
    await expect(again.getByText("Thanks, I will!")).toBeVisible();
    await expect(again.getByRole("button", { name: "Vote up" }).first()).toHaveAttribute("data-tone", "green");
  });

  test("an admin sees author links, turns a comment into a review, replies with an image and deletes a reply", async ({
    page,
    server,
    schoolEn,
  }) => {
    const lecture = await freeLecture(server);
    const student = await registerStudent(server, "Rita Reviewer");
    const comment = await postComment(student.client, lecture.lectureId, "The best photography course I have taken.");
    await postReply(student.client, comment.id, "An off-topic reply");

    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await gotoHydrated(page, lecture.url);
    const article = commentArticle(page, "The best photography course");
    await expect(article.getByRole("link", { name: "Rita Reviewer" }).first()).toHaveAttribute(
      "href",
      `/home/students/${student.id}`,
    );

    // Comment -> review.
    await article.getByRole("button", { name: "Turn into a review" }).click();
    const dialog = page.getByRole("dialog", { name: "Turn this comment into a review" });
    await expect(dialog.getByRole("button", { name: "Neutral" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Negative" })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Positive" }).click();
    await expect(page.getByText("The review was added to the course page.")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const review = await server.handle.db
      .selectFrom("reviews")
      .selectAll()
      .where("comment_id", "=", comment.id)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({
      rating: 10,
      status: "approved",
      first_name: "Rita",
      body: "The best photography course I have taken.",
    });

    // Delete the student's reply.
    await article.getByRole("button", { name: "Show replies (1)" }).click();
    const offTopic = article.getByRole("article").filter({ hasText: "An off-topic reply" });
    await offTopic.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete this reply?" }).getByRole("button", { name: "Delete" }).click();
    await expect(article.getByText("An off-topic reply")).toHaveCount(0);

    // A reply with an image: choose, preview (at most 150 px high), delete after confirming, choose again, send.
    await article.getByRole("button", { name: "Reply" }).click();
    const picture = { name: "diagram.png", mimeType: "image/png", buffer: solidPng(320, 400) };
    await article.getByLabel("Attach an image").setInputFiles(picture);
    const preview = article.getByRole("img", { name: "The attached image" });
    await expect(preview).toBeVisible();
    expect((await preview.boundingBox())!.height).toBeLessThanOrEqual(150);
    await expectAccessible(page);
    await article.getByTestId("reply-image-preview").getByRole("button", { name: "Delete" }).click();
    const confirmImage = page.getByRole("alertdialog", { name: "Delete this image?" });
    await confirmImage.getByRole("button", { name: "Delete" }).click();
    await expect(preview).toHaveCount(0);
    await article.getByLabel("Attach an image").setInputFiles(picture);
    await expect(preview).toBeVisible();
    await article.getByRole("textbox", { name: "Your reply" }).fill("Here is the diagram from the lecture.");
    await article.getByRole("button", { name: "Send" }).click();

    const sent = article.getByRole("article").filter({ hasText: "Here is the diagram from the lecture." });
    await expect(sent.getByText("by admin", { exact: true })).toBeVisible();
    const image = sent.getByRole("img", { name: `Image attached by ${schoolEn.owner.name}` });
    await expect(image).toHaveAttribute("src", /^\/files\/images\/replies\/[0-9a-f]{32}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await expect(preview).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a 401 says 'Log in' and keeps the text; a 419 logs in again and keeps the text", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const lecture = await freeLecture(server);
    const student = await registerStudent(server, "Stefan Student");
    await login(page, student.email, "student-secret");
    await gotoHydrated(page, lecture.url);
    const area = discussion(page);
    const box = area.getByRole("textbox", { name: "Your comment" });

    // 401 (the server no longer knows the user)
    await page.route(
      "**/comments",
      (route) =>
        route.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ message: "Log in" }) }),
      { times: 1 },
    );
    await box.fill("Please keep this text");
    await area.getByRole("button", { name: "Send" }).click();
    const notice = area.getByRole("status").filter({ hasText: "Log in to set progress" });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Log in" })).toHaveAttribute("href", `/${lecture.slug}/watch/login`);
    await expect(box).toHaveValue("Please keep this text");
    await expectAccessible(page);

    // 419: the session ended elsewhere, so the page's token no longer matches. §8 sends the student to log in
    // again; they come back to the lecture with the text still in the box, and nothing was posted meanwhile.
    await server.handle.db.deleteFrom("sessions").where("user_id", "=", student.id).execute();
    await area.getByRole("button", { name: "Send" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe(lecture.url);
    expect(
      await server.handle.db.selectFrom("comments").select("id").where("body", "=", "Please keep this text").execute(),
    ).toEqual([]);
    await waitForHydration(page);
    await page.getByLabel("E-mail", { exact: true }).fill(student.email);
    await page.getByLabel("Password", { exact: true }).fill("student-secret");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === lecture.url);
    await waitForHydration(page);
    await expect(discussion(page).getByRole("textbox", { name: "Your comment" })).toHaveValue("Please keep this text");
  });

  test("a failed send shows the 'Something went wrong' toast, and a failed vote only logs", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const lecture = await freeLecture(server);
    const admin = await ownerClient(server);
    await postComment(admin, lecture.lectureId, "Vote here");
    const student = await registerStudent(server, "Stefan Student");
    await login(page, student.email, "student-secret");
    await gotoHydrated(page, lecture.url);

    const article = commentArticle(page, "Vote here");
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.route("**/vote", (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: '{"message":"x"}' }),
    );
    await article.getByRole("button", { name: "Vote up" }).click();
    await expect.poll(() => warnings.some((text) => text.includes("vote failed"))).toBe(true);
    await expect(article.getByRole("button", { name: "Vote up" })).toHaveAttribute("data-tone", "dark");
    await expect(article.getByTestId("up-votes")).toContainText("0");
    await expect(page.getByTestId("toast-error")).toHaveCount(0);

    await page.route("**/comments", (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: '{"message":"x"}' }),
    );
    await discussion(page).getByRole("textbox", { name: "Your comment" }).fill("This will fail");
    await discussion(page).getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("toast-error")).toHaveText("Something went wrong");
    await expect(discussion(page).getByRole("textbox", { name: "Your comment" })).toHaveValue("This will fail");
  });
});
