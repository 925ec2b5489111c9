import { randomBytes } from "node:crypto";

/** A checkout's public id: 192 random bits, the capability of its simulated payment page. */
export function newCheckoutHash(): string {
  return randomBytes(24).toString("base64url");
}
