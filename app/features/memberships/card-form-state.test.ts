import { describe, expect, it } from "vitest";
import { checkCard, emptyCard } from "#core/memberships/card/card-rules.ts";
import { cardFieldErrors, cardSubmitError, changeCardField, fieldTone } from "./card-form-state.ts";

const none = { number: false, expiry: false, cvv: false };
const all = { number: true, expiry: true, cvv: true };

describe("typing into the card form", () => {
  it("masks the number by brand as it is typed", () => {
    expect(changeCardField(emptyCard, "cardNumber", "41111111").cardNumber).toBe("4111 1111");
    expect(changeCardField(emptyCard, "cardNumber", "378282246310005").cardNumber).toBe("3782 822463 10005");
  });

  it("keeps the code to the brand's length, also when the brand changes", () => {
    const amex = changeCardField(changeCardField(emptyCard, "cardNumber", "378282246310005"), "cardCvv", "12345");
    expect(amex.cardCvv).toBe("1234");
    expect(changeCardField(amex, "cardNumber", "4111111111111111").cardCvv).toBe("123");
  });

  it("keeps digits only in the month and year", () => {
    expect(changeCardField(emptyCard, "cardMonth", "0a3").cardMonth).toBe("03");
    expect(changeCardField(emptyCard, "cardYear", "2030").cardYear).toBe("2030");
  });
});

describe("errors shown under the fields", () => {
  const typing = { cardNumber: "4111 11", cardMonth: "", cardYear: "", cardCvv: "1" };

  it("shows nothing while a part is being typed and could still be valid", () => {
    expect(cardFieldErrors(checkCard(typing), none)).toEqual({});
  });

  it("shows each part's error once left or submitted, empty parts included", () => {
    expect(cardFieldErrors(checkCard(typing), all)).toEqual({
      number: "card:number_invalid",
      expiry: "card:expiry_invalid",
      cvv: "card:cvv_invalid",
    });
    expect(cardFieldErrors(checkCard(emptyCard), all)).toEqual({
      number: "card:number_invalid",
      expiry: "card:expiry_invalid",
      cvv: "card:cvv_invalid",
    });
  });

  it("shows a wrong checksum at once", () => {
    expect(cardFieldErrors(checkCard({ ...typing, cardNumber: "5555 5555 5555 4445" }), none)).toEqual({
      number: "card:number_invalid",
    });
  });

  it("asks to check the card details on submit until the card is valid", () => {
    expect(cardSubmitError(checkCard(typing))).toBe("card:failure_check_details");
    const valid = { cardNumber: "4111 1111 1111 1111", cardMonth: "12", cardYear: "2035", cardCvv: "123" };
    expect(cardSubmitError(checkCard(valid))).toBeNull();
  });

  it("styles a valid part green, a part with an error red, others neutral", () => {
    expect(fieldTone("valid", false)).toBe("valid");
    expect(fieldTone("partial", true)).toBe("invalid");
    expect(fieldTone("partial", false)).toBe("neutral");
  });
});
