import { describe, expect, it } from "vitest";
import { catalogs } from "#platform/i18n/catalogs.ts";
import { cardFailureCodes, cardFailureMessageKey, declineClass } from "./card-failures.ts";

describe("hard and soft declines (what the dunning retries)", () => {
  it.each(["card_stolen", "card_lost", "closed_account", "do_not_honour", "card_expired", "card_invalid"] as const)(
    "%s is hard: never retried",
    (code) => expect(declineClass(code)).toBe("hard"),
  );

  it.each(["insufficient_funds", "limit_exceeded", "transaction_error", "three_ds_failed", "sale_error"] as const)(
    "%s is soft: retried",
    (code) => expect(declineClass(code)).toBe("soft"),
  );
});

describe("§8's messages", () => {
  it.each([
    ["card_invalid", "Card data is not valid", "Dane karty są nieprawidłowe"],
    ["card_problem", "Card problem", "Problem z kartą"],
    ["check_details", "Please check your card details.", "Sprawdź dane karty."],
    ["sale_error", "Sale error", "Błąd sprzedaży"],
    ["transaction_error", "Transaction error, please try again", "Błąd transakcji, spróbuj ponownie"],
    ["three_ds_failed", "3ds authentication process failed", "Uwierzytelnianie 3-D Secure nie powiodło się"],
    ["insufficient_funds", "Insufficient funds", "Niewystarczające środki"],
    ["limit_exceeded", "Card usage limit exceeded", "Przekroczono limit użycia karty"],
    ["card_expired", "Card expired", "Karta straciła ważność"],
  ] as const)("%s reads '%s' and in Polish '%s'", (code, en, pl) => {
    const key = cardFailureMessageKey(code).slice("card:".length) as keyof typeof catalogs.en.card;
    expect(catalogs.en.card[key]).toBe(en);
    expect(catalogs.pl.card[key]).toBe(pl);
  });

  it("has a text in both languages for every failure", () => {
    for (const code of cardFailureCodes) {
      const key = cardFailureMessageKey(code).slice("card:".length) as keyof typeof catalogs.en.card;
      expect(catalogs.en.card[key], code).toBeTruthy();
      expect(catalogs.pl.card[key], code).toBeTruthy();
    }
  });
});
