import { describe, expect, it } from "vitest";
import { filtersFrom, filtersQuery, refundSchema } from "./schemas.ts";

describe("transaction filters", () => {
  it("keeps good values and drops nonsense instead of refusing the page", () => {
    expect(
      filtersFrom(
        new URLSearchParams(
          "status=PENDING&provider=test&product_id=4&from=2025-01-02&to=2025-02-03&q=%20ann%20&page=3",
        ),
      ),
    ).toEqual({
      status: "PENDING",
      provider: "test",
      product_id: 4,
      from: "2025-01-02",
      to: "2025-02-03",
      q: "ann",
      page: 3,
    });
    expect(
      filtersFrom(new URLSearchParams("status=paid&provider=bank&product_id=x&from=2025-13-45&to=soon&page=-1")),
    ).toEqual({ q: "", page: 1 });
    expect(filtersFrom({})).toEqual({ q: "", page: 1 });
  });

  it("writes the filters back into a query, the page only when asked", () => {
    const filters = filtersFrom(new URLSearchParams("status=REFUNDED&q=a b&page=2"));
    expect(filtersQuery(filters)).toBe("status=REFUNDED&q=a+b");
    expect(filtersQuery(filters, { page: 2 })).toBe("status=REFUNDED&q=a+b&page=2");
  });
});

describe("refund amounts", () => {
  it("reads the currency's units with a dot or a comma, as text or a JSON number", () => {
    const cents = (amount: unknown) => refundSchema.safeParse({ amount, reason: "Because" }).data?.amount;
    expect(cents("49,99")).toBe(4999);
    expect(cents("49.9")).toBe(4990);
    expect(cents(" 1 000 ")).toBe(100000);
    expect(cents(12)).toBe(1200);
    expect(cents("1.999")).toBeUndefined();
    expect(cents("-5")).toBeUndefined();
  });

  it("refuses a zero or unreadable amount with its own message", () => {
    for (const amount of ["0", "0.00", "abc", ""]) {
      const result = refundSchema.safeParse({ amount, reason: "Because" });
      expect(result.success, amount).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("transactions:amount_invalid");
    }
    expect(refundSchema.parse({ amount: "10", reason: "Because", revoke_access: "on" })).toEqual({
      amount: 1000,
      reason: "Because",
      revoke_access: true,
    });
  });
});
