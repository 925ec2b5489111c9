import { describe, expect, it } from "vitest";
import { isAppError } from "#core/errors.ts";
import { actors, allowedOf } from "#core/shared/test-actors.ts";
import { editablePath } from "./authorize-authoring.ts";
import { canAuthorCourses, canEditCourse } from "./policies.ts";

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe("catalog policies", () => {
  it("lets only admins author courses", () => {
    expect(allowedOf(canAuthorCourses)).toEqual(["admin"]);
  });

  it("lets only admins edit a course", () => {
    expect(allowedOf((actor) => canEditCourse(actor, { id: 1 }))).toEqual(["admin"]);
  });
});

describe("editablePath", () => {
  it("refuses before it reads the ids: 401 for a visitor, 403 for a student, whatever the ids", () => {
    expect(codeOf(() => editablePath(actors.visitor, { courseId: "abc" }))).toBe("unauthenticated");
    expect(codeOf(() => editablePath(actors.student, { courseId: "abc", sectionId: "1" }))).toBe("forbidden");
  });

  it("gives an admin the path's ids as numbers, and a 404 for an id that is not a plain id", () => {
    expect(editablePath(actors.admin, { courseId: "12", sectionId: 3 })).toEqual({ courseId: 12, sectionId: 3 });
    expect(codeOf(() => editablePath(actors.admin, { courseId: "12", sectionId: "x" }))).toBe("not_found");
  });
});
