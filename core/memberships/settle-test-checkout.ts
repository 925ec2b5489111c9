// The test provider's simulated payment page for a membership (/subscribe/test/{hash}): the tester pays with a
// simulated card that renews, that will be declined at renewal, or that is reported stolen, or declines the
// payment. Paying activates the membership with the card's simulated token (renewals charge it); declining leaves
// it STARTED (no access) and sends the buyer back to the checkout. The hash is the capability.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { z } from "zod";
import { parseInput } from "../validation.ts";
import { activateMembership } from "./activate-membership.ts";
import { TEST_CARDS, testCardToken } from "./test-billing.ts";

const decisionSchema = z.object({
  card: z.enum(["ok", "decline", "stolen"]).optional().default("ok"),
});

export async function settleTestCheckout(
  db: Db,
  hash: string,
  decision: "pay" | "decline",
  input: unknown,
  now = nowIso(),
): Promise<{ redirect: string }> {
  const membership = await db
    .selectFrom("memberships")
    .select(["id", "plan_id", "status", "provider"])
    .where("checkout_hash", "=", hash)
    .executeTakeFirst();
  if (!membership || membership.provider !== "test") throw new AppError("not_found");
  if (membership.status !== "STARTED") return { redirect: "/my/membership" };
  if (decision === "decline") return { redirect: `/subscribe/checkout?plan=${membership.plan_id}&declined=1` };
  const { card } = parseInput(decisionSchema, input);
  const expiry = new Date(now);
  await activateMembership(db, hash, {
    card: {
      token: testCardToken(card),
      brand: TEST_CARDS[card].brand,
      last4: TEST_CARDS[card].last4,
      expMonth: 12,
      expYear: expiry.getUTCFullYear() + 3,
    },
    providerRef: `test_${hash}`,
    now,
  });
  return { redirect: "/my/membership?subscribed=1" };
}
