import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageStudents } from "./policies.ts";

describe("students policies", () => {
  it("lets only admins list, create, import and tag students", () => {
    expect(allowedOf(canManageStudents)).toEqual(["admin"]);
  });
});
