// The upload box's scaling of a large picture (media-compression.spec.ts) in a Polish school, at 390 px.
import { expect, login, test } from "../fixtures.ts";
import { bigPngFile, uploadAndRead } from "../media-upload.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("duży PNG trafia na serwer zmniejszony do 1280 × 800", async ({ page, schoolPl }, testInfo) => {
  test.setTimeout(120_000);
  await login(page, schoolPl.owner.email, schoolPl.owner.password);
  const big = bigPngFile(testInfo);
  const { bytes } = await uploadAndRead(page, "pl", big.path);
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1280, 800]);
  expect(bytes.length).toBeLessThan(big.size);
});
