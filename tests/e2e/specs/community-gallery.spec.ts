// The community gallery in the browser (spec §2 full gallery and image lightbox, §9): /community/gallery/{topic}
// shows 4 photos per row with 'More'; a photo opens the lightbox (full-screen dark overlay, caption, thumbnail strip
// that can be hidden, previous/next/close, clicking the image advances), by mouse, by keyboard (arrows, Escape,
// focus trapped and given back) and by touch (a swipe of 50 px or more changes the photo, a shorter one does not).
// Polish: community-gallery-polish.spec.ts.
import type { Page } from "@playwright/test";
import { userIdOf } from "#tests/helpers/discussion-fixtures.ts";
import { arrangePost, arrangeTopic, storePostImage } from "#tests/helpers/gallery-fixtures.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, owner, test } from "../fixtures.ts";

/** A public topic with `count` photo posts ("Photo 1" the oldest); the gallery lists them newest first. */
async function arrangeGallery(server: TestServer, count: number) {
  const db = server.handle.db;
  const userId = await userIdOf(db, owner.email);
  const topic = await arrangeTopic(db, { title: `Sunsets ${Date.now()}` });
  for (let i = 1; i <= count; i += 1) {
    const size = { width: 320 + i, height: 240 };
    const image = await storePostImage(server.database.dataDir, size);
    await arrangePost(db, { topicId: topic.id, userId, title: `Photo ${i}`, image, size });
  }
  return { topic, url: `/community/gallery/${topic.id}` };
}

function lightbox(page: Page) {
  return page.getByRole("dialog", { name: "Photo viewer" });
}

/** The photo the lightbox shows: its position (1-based) and caption, as its status line says. */
async function expectShown(page: Page, position: number, total: number, caption: string) {
  await expect(page.getByTestId("lightbox-status")).toHaveText(`Photo ${position} of ${total}: ${caption}`);
  await expect(lightbox(page).locator(".yarl__slide_current img.yarl__slide_image")).toHaveAttribute("alt", caption);
}

test.describe("the full gallery at 1280 px", () => {
  test("shows 4 photos per row, 'More' adds the next page, and it is accessible", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const gallery = await arrangeGallery(server, 26);
    await gotoHydrated(page, gallery.url);
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    await expect(page.getByText(gallery.topic.title, { exact: true })).toBeVisible();
    const photos = page.getByTestId("full-gallery").getByRole("button");
    await expect(photos).toHaveCount(24);
    await expect(photos.first()).toHaveAccessibleName("Open photo: Photo 26");
    // Four in a row: the fifth starts the second row.
    const tops = await Promise.all([0, 3, 4].map(async (i) => (await photos.nth(i).boundingBox())!.y));
    expect(tops[1]).toBe(tops[0]);
    expect(tops[2]).toBeGreaterThan(tops[0]!);
    // Every thumbnail's file answers (a broken image would fail the test through the fixtures).
    await expect(photos.first().locator("img")).toHaveJSProperty("complete", true);
    await expectAccessible(page);

    await page.getByRole("button", { name: "More" }).click();
    await expect(photos).toHaveCount(26);
    await expect(photos.last()).toHaveAccessibleName("Open photo: Photo 1");
    await expect(page.getByRole("button", { name: "More" })).toHaveCount(0);
  });

  test("an empty topic says so", async ({ page, server, schoolEn: _ }) => {
    const gallery = await arrangeGallery(server, 0);
    await gotoHydrated(page, gallery.url);
    await expect(page.getByText("No photos yet.")).toBeVisible();
    await expectAccessible(page);
  });

  test("the lightbox by mouse: previous, next, clicking the image, hiding the thumbnails, closing", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const gallery = await arrangeGallery(server, 4);
    await gotoHydrated(page, gallery.url);
    const opener = page.getByRole("button", { name: "Open photo: Photo 3" });
    await opener.click();
    const box = lightbox(page);
    await expect(box).toBeVisible();
    await expectShown(page, 2, 4, "Photo 3");
    // A full-screen dark overlay with the caption and the post's link.
    const overlay = await box.boundingBox();
    expect(overlay).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });
    const background = await box
      .locator(".yarl__container")
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe("rgba(0, 0, 0, 0.92)");
    await expect(box.locator(".yarl__slide_current").getByText("Photo 3", { exact: true })).toBeVisible();
    await expect(box.getByRole("link", { name: "Go to the post" }).first()).toHaveAttribute(
      "href",
      /^\/community\/posts\/\d+$/,
    );

    await box.getByRole("button", { name: "Next photo" }).click();
    await expectShown(page, 3, 4, "Photo 2");
    await box.getByRole("button", { name: "Previous photo" }).click();
    await expectShown(page, 2, 4, "Photo 3");
    await box.locator(".yarl__slide_current img.yarl__slide_image").click();
    await expectShown(page, 3, 4, "Photo 2");

    // The thumbnail strip: the shown photo marked, any other a click away; it can be hidden and shown again.
    const strip = box.getByRole("navigation", { name: "Thumbnails" });
    await expect(strip).toBeVisible();
    await expect(strip.getByRole("button", { name: "3 of 4" })).toHaveAttribute("aria-current");
    await strip.getByRole("button", { name: "1 of 4" }).click();
    await expectShown(page, 1, 4, "Photo 4");
    await box.getByRole("button", { name: "Hide thumbnails" }).click();
    await expect(strip).toBeHidden();
    await box.getByRole("button", { name: "Show thumbnails" }).click();
    await expect(strip).toBeVisible();
    await expectAccessible(page);

    await box.getByRole("button", { name: "Close" }).click();
    await expect(box).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("the lightbox by keyboard: arrows, no loop past the ends, focus trapped, Escape gives focus back", async ({
    page,
    server,
    schoolEn: _,
  }) => {
    const gallery = await arrangeGallery(server, 3);
    await gotoHydrated(page, gallery.url);
    const opener = page.getByRole("button", { name: "Open photo: Photo 2" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const box = lightbox(page);
    await expect(box).toBeVisible();
    await expectShown(page, 2, 3, "Photo 2");
    await page.keyboard.press("ArrowRight");
    await expectShown(page, 3, 3, "Photo 1");
    await page.keyboard.press("ArrowRight");
    await expectShown(page, 3, 3, "Photo 1");
    // (The library lets quick repeats of a key make one step: each press waits for the photo it leads to.)
    await page.keyboard.press("ArrowLeft");
    await expectShown(page, 2, 3, "Photo 2");
    await page.keyboard.press("ArrowLeft");
    await expectShown(page, 1, 3, "Photo 3");

    // Tabbing goes round inside the lightbox: the page behind is out of reach.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press("Tab");
      expect(await box.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    expect(await page.locator("main").evaluate((element) => element.closest("[inert]") !== null)).toBe(true);

    await page.keyboard.press("Escape");
    await expect(box).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe("the lightbox on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** A finger moved sideways by dx pixels across the middle of the screen, in small steps. */
  async function swipe(page: Page, dx: number) {
    const cdp = await page.context().newCDPSession(page);
    const y = 420;
    const x0 = dx < 0 ? 300 : 90;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y }] });
    const steps = 6;
    for (let i = 1; i <= steps; i += 1) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: x0 + (dx * i) / steps, y }],
      });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  }

  test("a swipe of 50 px or more changes the photo, a shorter one does not", async ({ page, server, schoolEn: _ }) => {
    const gallery = await arrangeGallery(server, 3);
    await gotoHydrated(page, gallery.url);
    await page.getByRole("button", { name: "Open photo: Photo 3" }).tap();
    const box = lightbox(page);
    await expect(box).toBeVisible();
    await expectShown(page, 1, 3, "Photo 3");

    await swipe(page, -40);
    // The short swipe settled without changing anything: a long one after it still moves by one.
    await expectShown(page, 1, 3, "Photo 3");
    await swipe(page, -80);
    await expectShown(page, 2, 3, "Photo 2");
    await swipe(page, -50);
    await expectShown(page, 3, 3, "Photo 1");
    await swipe(page, 80);
    await expectShown(page, 2, 3, "Photo 2");
    await expectAccessible(page);
  });
});
