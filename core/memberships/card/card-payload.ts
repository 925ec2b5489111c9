// The plain text inside the cypher (spec §7, Tpay's card form): `number|MM/YY|cvv|origin`, digits without
// spaces, a two-digit month and year, the page's origin last. Built in the browser only when §5's rules all pass;
// read back by the Tpay fake and the built-in test provider (production never sees it: Tpay decrypts).
import { checkCard, type CardFields } from "./card-rules.ts";

export type CardPayload = {
  number: string;
  month: string;
  /** two digits, as in the payload */
  year: string;
  cvv: string;
  origin: string;
};

/** The payload of valid card fields; null when any §5 rule fails (then no cypher is made). */
export function buildCardPayload(fields: CardFields, origin: string): string | null {
  if (!checkCard(fields).valid) return null;
  const number = fields.cardNumber.replace(/\D/g, "");
  const month = fields.cardMonth.padStart(2, "0");
  const year = fields.cardYear.slice(-2);
  return `${number}|${month}/${year}|${fields.cardCvv}|${origin}`;
}

/** Reads a decrypted payload back; null when it is not one (a wrong key decrypts to noise). */
export function parseCardPayload(plain: string): CardPayload | null {
  const match = /^(\d{12,19})\|(0[1-9]|1[0-2])\/(\d{2})\|(\d{3,4})\|(https?:\/\/[^|\s]+)$/.exec(plain);
  if (!match) return null;
  const [, number, month, year, cvv, origin] = match as unknown as [string, string, string, string, string, string];
  return { number, month, year, cvv, origin };
}

/** The card fields of a payload (four-digit year), to run §5's rules on what arrived. */
export function payloadFields(payload: CardPayload): CardFields {
  return { cardNumber: payload.number, cardMonth: payload.month, cardYear: `20${payload.year}`, cardCvv: payload.cvv };
}
