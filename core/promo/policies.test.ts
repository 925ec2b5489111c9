import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageAffiliates, canManagePromoCodes } from "./policies.ts";

describe("promo policies", () => {
  it("lets only admins manage promo codes", () => {
    expect(allowedOf(canManagePromoCodes)).toEqual(["admin"]);
  });

  it("lets only admins manage affiliate codes and read their reports", () => {
    expect(allowedOf(canManageAffiliates)).toEqual(["admin"]);
  });
});
