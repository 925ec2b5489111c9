import { describe, expect, it } from "vitest";
import { allowedOf } from "#core/shared/test-actors.ts";
import { canSeeOwnInvoices } from "./policies.ts";

describe("invoice policies", () => {
  it("shows a buyer's own invoices to anyone signed in, not to visitors", () => {
    expect(allowedOf(canSeeOwnInvoices)).toEqual(["student", "admin", "moderator"]);
  });
});
