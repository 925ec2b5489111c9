import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canEnterAdminArea, canViewStudents } from "./policies.ts";

describe("admin area policies", () => {
  it("lets only admins into the admin area", () => {
    expect(allowedOf(canEnterAdminArea)).toEqual(["admin"]);
  });

  it("shows what the school knows of a person to admins only", () => {
    expect(allowedOf(canViewStudents)).toEqual(["admin"]);
  });
});
