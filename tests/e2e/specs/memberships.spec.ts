// Memberships in the browser (issue 15), in English at 1280 and 390 px: subscribe through the test provider,
// /my/membership, cancel by keyboard with the survey (tests/e2e/memberships-walk.ts). Polish:
// memberships-polish.spec.ts (one school language per spec file's server).
import { test } from "../fixtures.ts";
import { arrangePlan, walkMembership } from "../memberships-walk.ts";

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a student subscribes, sees the membership and cancels it with the survey", async ({
      page,
      server,
      schoolEn: _,
    }) => {
      const planId = await arrangePlan(server, `Monthly club ${viewport.width}`, "EUR");
      await walkMembership(page, server, planId, {
        subscribe: /^Subscribe for €49\.99$/,
        payOk: "Pay with a card that renews",
        heading: "My membership",
        active: "Active",
        card: "Visa ending in 4242",
        cancel: "Cancel membership",
        cancelDialog: "Cancel your membership?",
        typeCancel: /^Type CANCEL$/,
        typeCancelError: "Type CANCEL to confirm.",
        surveyDialog: "Why are you leaving?",
        send: "Send",
        reasonRequired: "Choose a reason.",
        other: "Other",
        tellMore: "Tell us more",
        tooShort: "Write at least 4 characters.",
        canceled: "Canceled",
        accessUntil: "Access until",
      });
    });
  });
}
