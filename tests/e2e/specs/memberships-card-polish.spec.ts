// The card update page /my/membership/card (issue 15 item 5) in a Polish school at 1280 and 390 px, with axe:
// the walk of memberships-card-walk.ts.
import { test } from "../fixtures.ts";
import { walkCardUpdate } from "../memberships-card-walk.ts";

// Polish at 390 px; its English twin walks the same flow at 1280 px (docs/decisions/0035).
for (const viewport of [{ width: 390, height: 844 }]) {
  test.describe(`the card update page at ${viewport.width} px`, () => {
    test.use({ viewport });
    // A long walk (subscribe, two card attempts, axe four times) on a shared machine.
    test.setTimeout(180_000);

    test("a declined card shows §8's text, a valid one is saved", async ({ page, server, schoolPl: _ }) => {
      await walkCardUpdate(page, server, "pl", viewport.width);
    });
  });
}
