// Charging a saved card for a membership's renewal (issue 15, item 3): the port a provider that gives us a card
// token implements (Tpay, PayU, Przelewy24 later; the built-in test provider now). The idempotency key is derived
// from (membership, period), so a retried or repeated call never charges a period twice at a provider that honours
// it, and our own membership_charges row (unique per period) is claimed before any call.
export type TokenCharge = {
  token: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  description: string;
};

/** paid; declined (soft: retried on the dunning days); hard_declined (stolen, lost, closed: never retried). */
export type TokenChargeResult =
  | { outcome: "paid"; providerRef: string }
  | { outcome: "declined" | "hard_declined"; providerRef: string | null; reason: string };

export type TokenCharger = {
  name: string;
  chargeToken(charge: TokenCharge): Promise<TokenChargeResult>;
  /**
   * What the provider did with this idempotency key, for the reconcile of a charge left pending by a crash
   * (reconcile-charges.ts): its result, or null when the provider has no such charge (it was never made). A
   * charger without it cannot be reconciled: such a charge stays pending for a person to settle.
   */
  lookup?(charge: TokenCharge): Promise<TokenChargeResult | null>;
};

/** The chargers this server has, by provider name (the composition root builds it). */
export type TokenChargers = { get(name: string): TokenCharger | null };

export function idempotencyKeyOf(membershipId: number, periodNumber: number): string {
  return `membership:${membershipId}:period:${periodNumber}`;
}
