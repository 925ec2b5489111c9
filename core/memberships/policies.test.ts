import { describe, expect, it } from "vitest";
import { visitor } from "../shared/actor.ts";
import { canManageMembers, canManageOwnMembership, canManagePlans, canSubscribe } from "./policies.ts";

const student = { kind: "student", userId: 2 } as const;
const admin = { kind: "admin", userId: 1 } as const;

describe("membership policies", () => {
  it("lets admins alone manage plans", () => {
    expect([visitor, student, admin].map(canManagePlans)).toEqual([false, false, true]);
  });
  it("lets admins alone see members, extend or end memberships and read the figures", () => {
    expect([visitor, student, admin].map(canManageMembers)).toEqual([false, false, true]);
  });
  it("lets anyone signed in subscribe and manage their own membership", () => {
    expect([visitor, student, admin].map(canSubscribe)).toEqual([false, true, true]);
    expect([visitor, student, admin].map(canManageOwnMembership)).toEqual([false, true, true]);
  });
});
