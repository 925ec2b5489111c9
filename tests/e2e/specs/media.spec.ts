// The image upload box in a real browser (spec §2, §4, §5, §8), on the admin's image library (/home/images):
// a wrong extension says 'Bad file extension' before anything is sent; an image is uploaded (PUT without
// session headers) and previewed at most 150 px high; Delete asks for a confirmation and the preview goes
// once the server answered true; the file is gone from the server; a 419 says the session expired and keeps
// the preview. At 390 and 1280 px, axe on each state. (Polish: media-polish.spec.ts.)
import { expect, gotoHydrated, login, test } from "../fixtures.ts";
import { png, texts, uploadAndDelete } from "../media-upload.ts";

test.describe("the image upload box in English", () => {
  test("uploads, previews and deletes an image at 1280 px", async ({ page, schoolEn }) => {
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await uploadAndDelete(page, "en");
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("uploads, previews and deletes an image at 390 px", async ({ page, schoolEn }) => {
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await uploadAndDelete(page, "en");
    });
  });

  test("keeps the preview when the delete fails, and says the session expired on 419", async ({ page, schoolEn }) => {
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await gotoHydrated(page, "/home/images");
    const box = page.getByRole("group", { name: texts.en.group });
    await box.getByLabel(texts.en.choose).setInputFiles({ name: "a.png", mimeType: "image/png", buffer: png(20, 20) });
    const preview = box.getByRole("img", { name: texts.en.preview });
    await expect(preview).toBeVisible();
    // The session's token no longer matches (as after logging in elsewhere): 419.
    await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')!.setAttribute("content", "stale"));
    await box.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(box.getByRole("alert")).toHaveText(texts.en.expired);
    await expect(preview).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/home/images");
  });
});
