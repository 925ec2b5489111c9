// A student buys a course and starts watching it by keyboard alone, in English, the focus visible at every step
// (tests/e2e/keyboard-purchase.ts). Each language has its own file: a spec file's server holds one school.
import { test } from "../fixtures.ts";
import { buyAndWatchByKeyboard } from "../keyboard-purchase.ts";

test("a student buys a course and starts watching it by keyboard alone (en)", async ({ server, page }) => {
  test.slow();
  await buyAndWatchByKeyboard(page, server, "en");
});
