// Spec §2: the payment information block (card number, expiry MM/YY, code) is hidden when the chosen plan's
// price is 0; otherwise it shows when the page forces it, when the user has an e-mail address (a known buyer
// can be charged), or on the register view (the guest who registers on the way, /subscribe/checkout/register).

export type PaymentInformationContext = {
  /** the chosen plan's current price in cents (the promo price when one applies) */
  priceCents: number;
  /** the page asks for the card whatever else holds (the card update page) */
  forced?: boolean;
  /** the signed-in user's e-mail address, if any */
  userEmail?: string | null;
  view?: "checkout" | "register" | "card-update";
};

export function showsPaymentInformation(context: PaymentInformationContext): boolean {
  if (context.priceCents === 0) return false;
  return Boolean(context.forced) || Boolean(context.userEmail) || context.view === "register";
}
