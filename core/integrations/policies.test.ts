import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageIntegrations } from "./policies.ts";

describe("integration policies", () => {
  it("lets only admins manage the school's integrations", () => {
    expect(allowedOf(canManageIntegrations)).toEqual(["admin"]);
  });
});
