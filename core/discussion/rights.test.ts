// The discussion's rights matrix (§6).
import { describe, expect, it } from "vitest";
import { canDelete, isModerator, refusalFor } from "./rights.ts";

const admin = { id: 1, role: "admin" as const };
const student = { id: 2, role: "student" as const };
const other = { id: 3, role: "student" as const };

describe("deleting a comment or a reply", () => {
  const cases: [string, Parameters<typeof canDelete>[0], { user_id: number; by_admin: number }, boolean][] = [
    ["admin, a student's item", admin, { user_id: 2, by_admin: 0 }, true],
    ["admin, another admin's item", admin, { user_id: 9, by_admin: 1 }, true],
    ["admin, own item", admin, { user_id: 1, by_admin: 1 }, true],
    ["student, own item", student, { user_id: 2, by_admin: 0 }, true],
    ["student, own item written as an admin", student, { user_id: 2, by_admin: 1 }, false],
    ["student, an admin's reply", student, { user_id: 1, by_admin: 1 }, false],
    ["student, another student's item", student, { user_id: 3, by_admin: 0 }, false],
    ["another student", other, { user_id: 2, by_admin: 0 }, false],
    ["visitor", null, { user_id: 2, by_admin: 0 }, false],
  ];
  for (const [name, viewer, item, allowed] of cases) {
    it(`${name}: ${allowed ? "allowed" : "refused"}`, () => expect(canDelete(viewer, item)).toBe(allowed));
  }
});

describe("admin-only powers (review, reply image, author links)", () => {
  it("belong to admins only", () => {
    expect(isModerator(admin)).toBe(true);
    expect(isModerator(student)).toBe(false);
    expect(isModerator(null)).toBe(false);
  });
});

describe("refusals", () => {
  it("someone else's item is not found; only the viewer's own is forbidden", () => {
    expect(refusalFor(student, { user_id: 3 })).toBe("not_found");
    expect(refusalFor(student, { user_id: 1 })).toBe("not_found");
    expect(refusalFor(student, { user_id: 2 })).toBe("forbidden");
  });
});
