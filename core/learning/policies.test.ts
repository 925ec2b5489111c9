import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canKeepLectureProgress, canListOwnCourses, canManageCourseAccess } from "./policies.ts";

describe("learning policies", () => {
  it("lets only admins manage who has access to a course", () => {
    expect(allowedOf(canManageCourseAccess)).toEqual(["admin"]);
  });

  it("lets anyone signed in keep progress, notes and stars, not visitors", () => {
    expect(allowedOf(canKeepLectureProgress)).toEqual(["student", "admin", "moderator"]);
  });

  it("lists one's own courses to anyone signed in, not to visitors", () => {
    expect(allowedOf(canListOwnCourses)).toEqual(["student", "admin", "moderator"]);
  });
});
