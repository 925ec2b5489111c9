import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canManageTransactions, canViewTransactions } from "./policies.ts";

describe("transaction policies", () => {
  it("shows the transactions list, sales and exports to admins only", () => {
    expect(allowedOf(canViewTransactions)).toEqual(["admin"]);
  });

  it("lets only admins grant or deny access and record refunds", () => {
    expect(allowedOf(canManageTransactions)).toEqual(["admin"]);
  });
});
