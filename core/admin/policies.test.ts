import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canEnterAdminArea, canManageJobs, canReadSchoolMail, canViewCaches, canViewStudents } from "./policies.ts";

describe("admin area policies", () => {
  it("lets only admins into the admin area", () => {
    expect(allowedOf(canEnterAdminArea)).toEqual(["admin"]);
  });

  it("shows what the school knows of a person to admins only", () => {
    expect(allowedOf(canViewStudents)).toEqual(["admin"]);
  });

  it("lets only admins see the job queue and retry a failed job", () => {
    expect(allowedOf(canManageJobs)).toEqual(["admin"]);
  });

  it("lets only admins read the school's mail, login links included", () => {
    expect(allowedOf(canReadSchoolMail)).toEqual(["admin"]);
  });

  it("shows the server's caches to admins only", () => {
    expect(allowedOf(canViewCaches)).toEqual(["admin"]);
  });
});
