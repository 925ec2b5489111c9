// The sample content in a real browser (English; Polish: sample-polish.spec.ts): the generated cover shows on
// the home page, the welcome clip (an H.264 MP4 made without an encoder library) plays to its end in Chromium,
// the sample student reads the discussion, opens the paid lecture's PDF and answers the quiz. 1280 and 390 px,
// axe on the watch pages.
import { expect, expectAccessible, login, test } from "../fixtures.ts";
import { expectCoverShown, openPaidLecture, playWelcomeClip, sampleSchoolOn, texts } from "../sample-school.ts";

test.describe("the sample course in English", () => {
  test("a visitor sees the cover, reads the free lesson and plays the welcome clip", async ({ page, server }) => {
    const school = await sampleSchoolOn(server, "en");
    await expectCoverShown(page);
    await playWelcomeClip(page, school, "en");
    await expect(page.getByText("Want to see the comments?")).toBeVisible();
    await expectAccessible(page);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("the sample student reads the discussion, opens the PDF and answers the quiz", async ({ page, server }) => {
        const school = await sampleSchoolOn(server, "en");
        await login(page, school.student.email, school.student.password);
        await playWelcomeClip(page, school, "en");
        await expect(page.getByText(texts.en.comment)).toBeVisible();
        await expectAccessible(page);
        await openPaidLecture(page, school, "en");
      });
    });
  }
});
