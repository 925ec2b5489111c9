import { describe, expect, it } from "vitest";
import { actors, allowedOf } from "#core/shared/test-actors.ts";
import { canManageTransactions, canViewTransaction, canViewTransactions } from "./policies.ts";

describe("transaction policies", () => {
  it("shows the transactions list, sales and exports to admins only", () => {
    expect(allowedOf(canViewTransactions)).toEqual(["admin"]);
  });

  it("shows one transaction to the admins and to its buyer, never to another student or a visitor", () => {
    expect(allowedOf((actor) => canViewTransaction(actor, { user_id: actors.student.userId }))).toEqual([
      "student",
      "admin",
    ]);
    expect(allowedOf((actor) => canViewTransaction(actor, { user_id: 99 }))).toEqual(["admin"]);
    // A guest purchase (no account): nobody's but the admins'.
    expect(allowedOf((actor) => canViewTransaction(actor, { user_id: null }))).toEqual(["admin"]);
  });

  it("lets only admins grant or deny access and record refunds", () => {
    expect(allowedOf(canManageTransactions)).toEqual(["admin"]);
  });
});
