import { describe, expect, it } from "vitest";
import { cancelSchema, cancelSurveySchema, planFormBody, planSchema } from "./schemas.ts";

describe("membership schemas", () => {
  it("reads the plan form's fields", () => {
    const plan = planSchema.parse(
      planFormBody({
        name: " Monthly ",
        price: "49,99",
        currency: "PLN",
        period_months: "1",
        signups_open: "1",
        course_3: "1",
        topic_7: "1",
      }),
    );
    expect(plan).toMatchObject({ name: "Monthly", price: 4999, vat_rate: 23, period_months: 1, trial_days: 0 });
    expect(plan).toMatchObject({ signups_open: 1, course_ids: [3], product_ids: [], topic_ids: [7] });
  });

  it("takes only the periods of spec §3", () => {
    for (const period of [1, 3, 6, 12, -1])
      expect(planSchema.safeParse({ name: "x", price: 1, currency: "EUR", period_months: period }).success).toBe(true);
    for (const period of [0, 2, 24])
      expect(planSchema.safeParse({ name: "x", price: 1, currency: "EUR", period_months: period }).success).toBe(false);
  });

  it("confirms a cancellation only with the word CANCEL", () => {
    expect(cancelSchema.safeParse({ membership_id: 1, confirm: "cancel" }).success).toBe(true);
    expect(cancelSchema.safeParse({ membership_id: 1, confirm: "yes" }).success).toBe(false);
  });

  it("needs a reason, and four characters of one's own for 'other' and 'technical'", () => {
    expect(cancelSurveySchema.safeParse({ membership_id: 1, reason: "" }).success).toBe(false);
    expect(cancelSurveySchema.safeParse({ membership_id: 1, reason: "expensive" }).success).toBe(true);
    for (const reason of ["other", "technical"]) {
      expect(cancelSurveySchema.safeParse({ membership_id: 1, reason, other_reason: "abc" }).success).toBe(false);
      expect(cancelSurveySchema.safeParse({ membership_id: 1, reason, other_reason: "abcd" }).success).toBe(true);
    }
  });
});
