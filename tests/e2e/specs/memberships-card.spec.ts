// The card update page /my/membership/card (issue 15 item 5) in an English school at 1280 and 390 px, with axe:
// the walk of memberships-card-walk.ts.
import { test } from "../fixtures.ts";
import { walkCardUpdate } from "../memberships-card-walk.ts";

// English at 1280 px; its Polish twin walks the same flow at 390 px (docs/decisions/0035).
for (const viewport of [{ width: 1280, height: 800 }]) {
  test.describe(`the card update page at ${viewport.width} px`, () => {
    test.use({ viewport });
    // A long walk (subscribe, two card attempts, axe four times) on a shared machine.
    test.setTimeout(180_000);

    test("a declined card shows §8's text, a valid one is saved", async ({ page, server, schoolEn: _ }) => {
      await walkCardUpdate(page, server, "en", viewport.width);
    });
  });
}
