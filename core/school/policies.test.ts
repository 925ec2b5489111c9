import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageSchool } from "./policies.ts";

describe("school policies", () => {
  it("lets only admins manage the school's settings", () => {
    expect(allowedOf(canManageSchool)).toEqual(["admin"]);
  });
});
