// Memberships in a Polish school (issue 15) at 1280 and 390 px: the walk of memberships.spec.ts in Polish.
import { test } from "../fixtures.ts";
import { arrangePlan, walkMembership } from "../memberships-walk.ts";

// Polish at 390 px; its English twin walks the same flow at 1280 px (docs/decisions/0035).
for (const viewport of [{ width: 390, height: 844 }]) {
  test.describe(`a Polish school at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a student subscribes, sees the membership and cancels it with the survey", async ({
      page,
      server,
      schoolPl: _,
    }) => {
      const planId = await arrangePlan(server, `Klub miesięczny ${viewport.width}`, "PLN");
      await walkMembership(page, server, planId, {
        subscribe: /^Wykup za 49,99\s?zł$/,
        payOk: "Zapłać kartą, która się odnawia",
        heading: "Moje członkostwo",
        active: "Aktywne",
        card: "Visa kończąca się na 4242",
        cancel: "Anuluj członkostwo",
        cancelDialog: "Anulować członkostwo?",
        typeCancel: /^Wpisz CANCEL$/,
        typeCancelError: "Wpisz CANCEL, aby potwierdzić.",
        surveyDialog: "Dlaczego rezygnujesz?",
        send: "Wyślij",
        reasonRequired: "Wybierz powód.",
        other: "Inny",
        tellMore: "Napisz więcej",
        tooShort: "Napisz co najmniej 4 znaki.",
        canceled: "Anulowane",
        accessUntil: "Dostęp do",
      });
    });
  });
}
