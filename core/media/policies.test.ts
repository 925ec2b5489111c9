import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canUploadImages } from "./policies.ts";

describe("media policies", () => {
  it("lets only admins upload images and see their library", () => {
    expect(allowedOf(canUploadImages)).toEqual(["admin"]);
  });
});
