// The promo and affiliate forms' fields are text: the page's script and the server (a plain form post before
// hydration) turn them into the JSON call's shape the same way. Pure: importable by the client.
import { wholeNumberOrText } from "#core/shared/form-values.ts";
import { parseMoneyInput } from "#core/shared/money.ts";
import type { AffiliateCodeInput, PromoCodeInput } from "./schemas.ts";

type FormFields = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : value == null ? "" : String(value));

/** The promo code form's fields -> the body of POST/PUT /home/promo-codes. The amount is money for a fixed code. */
export function promoCodeBody(fields: FormFields): PromoCodeInput {
  const kind = text(fields.kind) as PromoCodeInput["kind"];
  const amountText = text(fields.amount);
  let amount: unknown = wholeNumberOrText(amountText);
  if (kind === "fixed") amount = parseMoneyInput(amountText) ?? amountText.trim();
  return {
    code: text(fields.code),
    kind,
    amount,
    starts_at: text(fields.starts_at),
    ends_at: text(fields.ends_at),
    usage_limit: wholeNumberOrText(fields.usage_limit),
    scope: text(fields.scope) || "all",
  };
}

/** The affiliate code form's fields -> the body of POST/PUT /home/affiliates. */
export function affiliateCodeBody(fields: FormFields): AffiliateCodeInput {
  return {
    code: text(fields.code),
    name: text(fields.name),
    email: text(fields.email),
    commission_percent: wholeNumberOrText(fields.commission_percent) as number,
    cookie_days: wholeNumberOrText(fields.cookie_days) as number,
  };
}
