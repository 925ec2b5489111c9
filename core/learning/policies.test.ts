import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageCourseAccess } from "./policies.ts";

describe("learning policies", () => {
  it("lets only admins manage who has access to a course", () => {
    expect(allowedOf(canManageCourseAccess)).toEqual(["admin"]);
  });
});
