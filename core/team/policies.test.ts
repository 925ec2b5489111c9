import { describe, expect, it } from "vitest";
import { actors, allowedOf } from "#core/shared/test-actors.ts";
import type { Actor } from "#core/shared/actor.ts";
import { canChangeRoleOf, canManageTeam, canReadAuditLog } from "./policies.ts";

const owner: Actor = { kind: "admin", userId: 1, owner: true };

describe("team policies", () => {
  it("lets only the owner manage the team and read the audit log: not another admin, not a moderator", () => {
    expect(allowedOf(canManageTeam)).toEqual([]);
    expect(allowedOf(canReadAuditLog)).toEqual([]);
    expect(canManageTeam(owner)).toBe(true);
    expect(canReadAuditLog(owner)).toBe(true);
    expect(canManageTeam(actors.admin)).toBe(false);
  });

  it("never changes the owner's role", () => {
    expect(canChangeRoleOf({ id: 1 }, 1)).toBe(false);
    expect(canChangeRoleOf({ id: 2 }, 1)).toBe(true);
  });
});
