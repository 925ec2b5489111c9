import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canModerateReviews, canWriteReviews } from "./policies.ts";

describe("review policies", () => {
  it("lets only admins moderate reviews", () => {
    expect(allowedOf(canModerateReviews)).toEqual(["admin"]);
  });

  it("lets anyone signed in write a review, not visitors", () => {
    expect(allowedOf(canWriteReviews)).toEqual(["student", "admin", "moderator"]);
  });
});
