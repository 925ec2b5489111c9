import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageProducts, canSeeEveryProduct, canUseOwnProducts } from "./policies.ts";

describe("product policies", () => {
  it("lets only admins manage products", () => {
    expect(allowedOf(canManageProducts)).toEqual(["admin"]);
  });

  it("shows one's own products to anyone signed in, not to visitors", () => {
    expect(allowedOf(canUseOwnProducts)).toEqual(["student", "admin", "moderator"]);
  });

  it("shows any product's buyer page and file to admins only", () => {
    expect(allowedOf(canSeeEveryProduct)).toEqual(["admin"]);
  });
});
