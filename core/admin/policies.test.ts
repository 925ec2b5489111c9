import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import {
  canEnterAdminArea,
  canManageJobs,
  canOpenAdminPage,
  canReadSchoolMail,
  canViewCaches,
  canViewDashboard,
  canViewStudents,
} from "./policies.ts";

describe("admin area policies", () => {
  it("lets only the team (admins and moderators) into the admin area", () => {
    expect(allowedOf(canEnterAdminArea)).toEqual(["admin", "moderator"]);
  });

  it("opens the moderation queue to moderators, and every other page to admins only", () => {
    expect(allowedOf((actor) => canOpenAdminPage(actor, "/home/moderation"))).toEqual(["admin", "moderator"]);
    expect(allowedOf((actor) => canOpenAdminPage(actor, "/home/moderation/extra"))).toEqual(["admin", "moderator"]);
    for (const path of ["/home", "/home/transactions", "/home/moderationx", "/home/students/1", "/home/team"]) {
      expect(
        allowedOf((actor) => canOpenAdminPage(actor, path)),
        path,
      ).toEqual(["admin"]);
    }
    expect(allowedOf(canViewDashboard)).toEqual(["admin"]);
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
