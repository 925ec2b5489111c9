// The image upload box in a Polish school: the same walk as media.spec.ts, in Polish, at 390 and 1280 px.
import { login, test } from "../fixtures.ts";
import { uploadAndDelete } from "../media-upload.ts";

test.describe("the image upload box in Polish", () => {
  test("uploads, previews and deletes an image at 1280 px", async ({ page, schoolPl }) => {
    await login(page, schoolPl.owner.email, schoolPl.owner.password);
    await uploadAndDelete(page, "pl");
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("uploads, previews and deletes an image at 390 px", async ({ page, schoolPl }) => {
      await login(page, schoolPl.owner.email, schoolPl.owner.password);
      await uploadAndDelete(page, "pl");
    });
  });
});
