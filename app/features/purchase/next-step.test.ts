// The success card's call to action per product kind and quantity (spec §4), and the seats left (§9).
import { describe, expect, it } from "vitest";
import { invitationsLeft, nextStepKey } from "./next-step.ts";

describe("the call to action after a successful purchase", () => {
  it("follows the spec's wording rules", () => {
    expect(nextStepKey({ product_kind: "course", quantity: 3 })).toBe("purchase:cta_manage_access");
    expect(nextStepKey({ product_kind: "course", quantity: 1 })).toBe("purchase:cta_start");
    expect(nextStepKey({ product_kind: "consultation", quantity: 1 })).toBe("purchase:cta_product_list");
    expect(nextStepKey({ product_kind: "file", quantity: 1 })).toBe("purchase:cta_download");
    expect(nextStepKey({ product_kind: "bundle", quantity: 1 })).toBe("purchase:cta_start");
    expect(nextStepKey({ product_kind: "live_event", quantity: 1 })).toBe("purchase:cta_start");
  });

  it("counts the seats not handed out yet", () => {
    expect(invitationsLeft({ quantity: 3, child_invitations: 0 })).toBe(3);
    expect(invitationsLeft({ quantity: 3, child_invitations: 2 })).toBe(1);
    expect(invitationsLeft({ quantity: 1, child_invitations: 4 })).toBe(0);
  });
});
