// The school's RSA key pair for the card form's cypher (spec §7: RSA, 1024-bit by default). Kept like the server
// secret (platform/security/secret.ts): from CARD_RSA_KEY (a PEM private key or base64 of it, the same on every
// machine of one school), or generated once into DATA_DIR/card-rsa.pem (mode 0600) so that restarts keep the key
// that pages already hold. With Tpay the page uses the merchant's key from Tpay's panel instead (cardPublicKey).
import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const defaultCardKeyBits = 1024;
const fileName = "card-rsa.pem";

export type CardKeyPair = {
  privateKeyPem: string;
  /** PEM SPKI ("-----BEGIN PUBLIC KEY-----") */
  publicKeyPem: string;
  /** base64 of the PEM SPKI text: what the page gets, in the form Tpay's panel gives its key */
  publicKeyBase64: string;
  bits: number;
};

/** The key pair of a PEM private key (PKCS#8 or PKCS#1); throws when it is not an RSA private key. */
export function cardKeyPairFromPem(privateKeyPem: string): CardKeyPair {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== "rsa") throw new Error("the card key must be an RSA private key");
  const publicKeyPem = createPublicKey(key).export({ type: "spki", format: "pem" }).toString();
  return {
    privateKeyPem: key.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyPem,
    publicKeyBase64: Buffer.from(publicKeyPem, "utf8").toString("base64"),
    bits: key.asymmetricKeyDetails?.modulusLength ?? 0,
  };
}

export function generateCardKeyPem(bits = defaultCardKeyBits): string {
  return generateKeyPairSync("rsa", {
    modulusLength: bits,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
}

export function loadCardKeyPair(options: { privateKeyPem?: string; dataDir: string; bits?: number }): CardKeyPair {
  // CARD_RSA_KEY may be the PEM itself or base64 of it (one line, easier in an environment file).
  const configured = options.privateKeyPem?.trim();
  if (configured)
    return cardKeyPairFromPem(
      configured.includes("-----") ? configured : Buffer.from(configured, "base64").toString("utf8"),
    );
  const file = path.join(options.dataDir, fileName);
  try {
    return cardKeyPairFromPem(fs.readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const pem = generateCardKeyPem(options.bits);
  try {
    fs.writeFileSync(file, pem, { mode: 0o600, flag: "wx" });
    return cardKeyPairFromPem(pem);
  } catch {
    // Another process created it first: use theirs.
    return cardKeyPairFromPem(fs.readFileSync(file, "utf8"));
  }
}

/**
 * The public key the card form encrypts with, as base64 of a PEM SPKI key: Tpay's (from its panel, which gives
 * it in this form, kept in the integration's settings) when the cypher goes to Tpay, else the school's own.
 */
export function cardPublicKey(options: { tpayPublicKeyBase64?: string | null; school: CardKeyPair }): string {
  return options.tpayPublicKeyBase64?.trim() || options.school.publicKeyBase64;
}

/** The PEM text of a base64 PEM SPKI key (what the browser does with atob before JSEncrypt's setPublicKey). */
export function publicKeyPemOf(publicKeyBase64: string): string {
  return Buffer.from(publicKeyBase64, "base64").toString("utf8");
}
