// Checkout arithmetic, pure and in integer cents. Prices are gross (VAT included, as Polish consumer prices are);
// the VAT shown is the part of the gross total that is tax.

export type Quote = {
  unitCents: number;
  quantity: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  vatRate: number;
  vatCents: number;
};

export function vatIncluded(grossCents: number, vatRate: number): number {
  if (vatRate <= 0) return 0;
  return Math.round((grossCents * vatRate) / (100 + vatRate));
}

export type Discount = { kind: "percent" | "fixed"; amount: number };

/** The discount a promo code gives on a subtotal: never more than the subtotal, never negative. */
export function discountOn(subtotalCents: number, discount: Discount | null): number {
  if (!discount) return 0;
  const raw = discount.kind === "percent" ? Math.round((subtotalCents * discount.amount) / 100) : discount.amount;
  return Math.max(0, Math.min(subtotalCents, raw));
}

export function quote(unitCents: number, quantity: number, vatRate: number, discount: Discount | null): Quote {
  const subtotalCents = unitCents * quantity;
  const discountCents = discountOn(subtotalCents, discount);
  const totalCents = subtotalCents - discountCents;
  return {
    unitCents,
    quantity,
    subtotalCents,
    discountCents,
    totalCents,
    vatRate,
    vatCents: vatIncluded(totalCents, vatRate),
  };
}
