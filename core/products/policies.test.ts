import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageProducts } from "./policies.ts";

describe("product policies", () => {
  it("lets only admins manage products", () => {
    expect(allowedOf(canManageProducts)).toEqual(["admin"]);
  });
});
