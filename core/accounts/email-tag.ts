import { createHmac } from "node:crypto";

/**
 * A stable tag for an e-mail address in the logs: the same address gives the same tag, so the attempts on one
 * account can be counted, but the address itself is not written. Keyed with the server's secret, since a plain
 * SHA-256 of an address is undone by hashing a list of addresses.
 */
export function emailTag(secret: Buffer, email: string): string {
  return createHmac("sha256", secret)
    .update(`log-email:${email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 16);
}
