import { describe, expect, it } from "vitest";
import { cardFailureCodes } from "./card-failures.ts";
import { checkCard } from "./card-rules.ts";
import { testCardOutcome, testCards } from "./test-cards.ts";

describe("test cards", () => {
  it("pass every §5 rule, so the form accepts them", () => {
    for (const { number } of testCards) {
      const code = number.startsWith("37") ? "1234" : "123";
      expect(checkCard({ cardNumber: number, cardMonth: "12", cardYear: "2035", cardCvv: code }).valid, number).toBe(
        true,
      );
    }
  });

  it("play success, 3-D Secure and every failure the form can meet after encryption", () => {
    const outcomes = new Set(testCards.map((card) => card.outcome));
    expect(outcomes.has("paid")).toBe(true);
    expect(outcomes.has("three_ds")).toBe(true);
    // 'Please check your card details.' is the form's own, before any payment: no card plays it.
    for (const code of cardFailureCodes.filter((code) => code !== "check_details"))
      expect(outcomes.has(code), code).toBe(true);
  });

  it("are read with or without spaces; any other number is paid", () => {
    expect(testCardOutcome("4000 0000 0000 9995")).toBe("insufficient_funds");
    expect(testCardOutcome("4242424242424242")).toBe("paid");
    expect(new Set(testCards.map((card) => card.number)).size).toBe(testCards.length);
  });
});
