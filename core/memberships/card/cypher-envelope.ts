// What our server can check of a cypher without decrypting it (production forwards it to Tpay untouched: Node
// refuses PKCS#1 v1.5 private decryption, and only Tpay holds the key of its panel's public key). A cypher is
// canonical base64 of exactly one RSA block of the key's size whose value is below the modulus; anything else is
// refused as 'Card data is not valid' before a call to Tpay.
import { createPublicKey } from "node:crypto";

/** Larger than any card payload's cypher (a 4096-bit block is 684 base64 characters). */
export const maxCypherLength = 700;

export type CypherEnvelope = { ok: true; bytes: Buffer } | { ok: false; reason: string };

export function checkCypherEnvelope(cypher: unknown, publicKeyPem: string): CypherEnvelope {
  if (typeof cypher !== "string" || !cypher) return { ok: false, reason: "no cypher" };
  if (cypher.length > maxCypherLength) return { ok: false, reason: "cypher too long" };
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cypher) || cypher.length % 4 !== 0)
    return { ok: false, reason: "cypher is not base64" };
  const bytes = Buffer.from(cypher, "base64");
  const jwk = createPublicKey(publicKeyPem).export({ format: "jwk" });
  const modulus = Buffer.from(String(jwk.n), "base64url");
  if (bytes.length !== modulus.length) return { ok: false, reason: "cypher is not one block of the key's size" };
  if (Buffer.compare(bytes, modulus) >= 0) return { ok: false, reason: "cypher is not below the key's modulus" };
  return { ok: true, bytes };
}
