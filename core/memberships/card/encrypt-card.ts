// The browser's half of §4/§7: when number, expiry and code are all valid, the payload `number|MM/YY|cvv|origin`
// is encrypted with the server's public key by JSEncrypt (RSAES-PKCS1-v1_5, base64 out), as Tpay's card form
// expects. JSEncrypt is passed in: the page loads it lazily in the browser (its ESM build does not run under
// native Node), the tests load its CommonJS build.
import { buildCardPayload } from "./card-payload.ts";
import type { CardFields } from "./card-rules.ts";

/** The part of JSEncrypt this uses. */
export type RsaEncryptor = { setPublicKey(pem: string): void; encrypt(text: string): string | false };

/** base64 (as the page gets it) to the PEM text, in the browser and in Node alike. */
export function decodePublicKey(publicKeyBase64: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(publicKeyBase64.trim()), (c) => c.charCodeAt(0)));
}

/** The cypher of the card, or null while any §5 rule fails (or the key does not encrypt). */
export function encryptCard(
  fields: CardFields,
  options: { origin: string; publicKeyBase64: string; encryptor: RsaEncryptor },
): string | null {
  const payload = buildCardPayload(fields, options.origin);
  if (!payload) return null;
  options.encryptor.setPublicKey(decodePublicKey(options.publicKeyBase64));
  return options.encryptor.encrypt(payload) || null;
}
