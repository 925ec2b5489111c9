import { describe, expect, it } from "vitest";
import { isAppError } from "#core/errors.ts";
import { actorOf, authorize, isAdmin, isSignedIn, requireSignedIn, userIdOf, visitor } from "./actor.ts";

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe("actorOf", () => {
  it("makes a visitor of no session, an admin or a student of the session's user", () => {
    expect(actorOf(null)).toEqual({ kind: "visitor" });
    expect(actorOf(undefined)).toBe(visitor);
    expect(actorOf({ id: 7, role: "admin" })).toEqual({ kind: "admin", userId: 7 });
    expect(actorOf({ id: 8, role: "student" })).toEqual({ kind: "student", userId: 8 });
  });

  it("makes a moderator of a moderator, and marks the school's owner among the admins", () => {
    expect(actorOf({ id: 5, role: "moderator" }, 5)).toEqual({ kind: "moderator", userId: 5 });
    expect(actorOf({ id: 7, role: "admin" }, 7)).toEqual({ kind: "admin", userId: 7, owner: true });
    expect(actorOf({ id: 7, role: "admin" }, 1)).toEqual({ kind: "admin", userId: 7 });
    expect(actorOf({ id: 7, role: "admin" }, null)).toEqual({ kind: "admin", userId: 7 });
    // A student whose id is the owner's (the owner demoted by hand in the database) is still a student.
    expect(actorOf({ id: 8, role: "student" }, 8)).toEqual({ kind: "student", userId: 8 });
  });

  it("never makes an admin of a role it does not know", () => {
    expect(actorOf({ id: 9, role: "Admin" })).toEqual({ kind: "student", userId: 9 });
  });
});

describe("the kind predicates", () => {
  it("tell a signed-in actor and an admin apart", () => {
    const admin = actorOf({ id: 1, role: "admin" });
    const student = actorOf({ id: 2, role: "student" });
    expect([isSignedIn(visitor), isSignedIn(student), isSignedIn(admin)]).toEqual([false, true, true]);
    expect([isAdmin(visitor), isAdmin(student), isAdmin(admin)]).toEqual([false, false, true]);
    expect([userIdOf(visitor), userIdOf(student), userIdOf(admin)]).toEqual([null, 2, 1]);
  });
});

describe("authorize", () => {
  it("lets an allowed actor through, asks a visitor to log in (401) and refuses anyone else (403)", () => {
    expect(codeOf(() => authorize(visitor, true))).toBeUndefined();
    expect(codeOf(() => authorize(visitor, false))).toBe("unauthenticated");
    expect(codeOf(() => authorize(actorOf({ id: 2, role: "student" }), false))).toBe("forbidden");
    expect(codeOf(() => authorize(actorOf({ id: 1, role: "admin" }), false))).toBe("forbidden");
  });
});

describe("requireSignedIn", () => {
  it("answers 401 to a visitor and returns a signed-in actor", () => {
    expect(codeOf(() => requireSignedIn(visitor))).toBe("unauthenticated");
    const student = actorOf({ id: 2, role: "student" });
    expect(requireSignedIn(student)).toBe(student);
  });
});
