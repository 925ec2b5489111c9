import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canAcceptInvitations, canManageEveryTeamPurchase, canManageTeamPurchases } from "./policies.ts";

describe("access manager policies", () => {
  it("opens the access manager to anyone signed in (their own purchases), not to visitors", () => {
    expect(allowedOf(canManageTeamPurchases)).toEqual(["student", "admin", "moderator"]);
  });

  it("lets only admins manage every buyer's team purchases", () => {
    expect(allowedOf(canManageEveryTeamPurchase)).toEqual(["admin"]);
  });

  it("lets anyone signed in accept an invitation, not visitors", () => {
    expect(allowedOf(canAcceptInvitations)).toEqual(["student", "admin", "moderator"]);
  });
});
