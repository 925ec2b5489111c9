// The sample content of a Polish school in a real browser: the cover, the Polish lesson and the welcome clip
// for a visitor; the discussion, the PDF and the quiz for the sample student, at 390 px. (English: sample.spec.ts.)
import { expect, expectAccessible, login, test } from "../fixtures.ts";
import { expectCoverShown, openPaidLecture, playWelcomeClip, sampleSchoolOn, texts } from "../sample-school.ts";

test.describe("the sample course in Polish", () => {
  test("a visitor sees the cover, reads the free lesson and plays the welcome clip", async ({ page, server }) => {
    const school = await sampleSchoolOn(server, "pl");
    await expectCoverShown(page);
    await playWelcomeClip(page, school, "pl");
    await expect(page.getByText("Chcesz zobaczyć komentarze?")).toBeVisible();
    await expectAccessible(page);
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the sample student reads the discussion, opens the PDF and answers the quiz", async ({ page, server }) => {
      const school = await sampleSchoolOn(server, "pl");
      await login(page, school.student.email, school.student.password);
      await playWelcomeClip(page, school, "pl");
      await expect(page.getByText(texts.pl.comment)).toBeVisible();
      await expectAccessible(page);
      await openPaidLecture(page, school, "pl");
    });
  });
});
