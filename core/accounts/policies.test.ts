import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canChangeOwnAccount, canEnterStudentArea } from "./policies.ts";

describe("account policies", () => {
  it("lets anyone signed in change their own account, not visitors", () => {
    expect(allowedOf(canChangeOwnAccount)).toEqual(["student", "admin", "moderator"]);
  });

  it("lets anyone signed in into the student area, not visitors", () => {
    expect(allowedOf(canEnterStudentArea)).toEqual(["student", "admin", "moderator"]);
  });
});
