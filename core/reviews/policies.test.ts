import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canModerateReviews } from "./policies.ts";

describe("review policies", () => {
  it("lets only admins moderate reviews", () => {
    expect(allowedOf(canModerateReviews)).toEqual(["admin"]);
  });
});
