// The upload box scales a large picture down before sending it (spec §9 size hints): a 2560 × 1600 PNG of
// 11.6 MB (over the 10 MB cap as it is) chosen on /home/images (hint 1280 × 800) is stored as a 1280 × 800
// PNG, smaller than the original, and previewed; a picture that already fits is sent unscaled (the server
// stores it re-encoded, the same pixels: core/media/reencode-image.ts). At 1280 and 390 px. (Polish: media-compression-polish.spec.ts.)
import type { Page, TestInfo } from "@playwright/test";
import { expect, login, test } from "../fixtures.ts";
import { bigPngFile, png, uploadAndRead } from "../media-upload.ts";

async function scalesDown(page: Page, testInfo: TestInfo) {
  test.setTimeout(120_000);
  const big = bigPngFile(testInfo);
  expect(big.size).toBeGreaterThan(10 * 1024 * 1024);
  const { preview, bytes } = await uploadAndRead(page, "en", big.path);
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1280, 800]);
  expect(bytes.length).toBeLessThan(big.size);
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1280, 800]);
}

test.describe("image scaling before upload", () => {
  test("a large PNG arrives scaled to 1280 × 800 and smaller, at 1280 px", async ({ page, schoolEn }, testInfo) => {
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    await scalesDown(page, testInfo);
  });

  test.describe("on a narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a large PNG arrives scaled to 1280 × 800 and smaller, at 390 px", async ({ page, schoolEn }, testInfo) => {
      await login(page, schoolEn.owner.email, schoolEn.owner.password);
      await scalesDown(page, testInfo);
    });
  });

  test("a picture that already fits is sent unscaled", async ({ page, schoolEn }) => {
    await login(page, schoolEn.owner.email, schoolEn.owner.password);
    const small = png(300, 200);
    const { bytes } = await uploadAndRead(page, "en", { name: "small.png", mimeType: "image/png", buffer: small });
    // Re-encoded by the server: a PNG of the same size, with the same pixels (decoded in the test).
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([300, 200]);
    const { default: sharp } = await import("sharp");
    const [sent, stored] = await Promise.all([small, bytes].map((b) => sharp(b).removeAlpha().raw().toBuffer()));
    expect(stored!.equals(sent!)).toBe(true);
  });
});
