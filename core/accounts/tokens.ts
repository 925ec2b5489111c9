// Random tokens for sessions and password resets. Only their SHA-256 is stored.
import { createHmac, hash, randomBytes } from "node:crypto";

/** 256 bits from the CSPRNG, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 in hex. The one-shot hash() is ~3x cheaper than createHash() and runs on every request. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

/**
 * A reset link's token, derived from the reference that the mail job carries and the server's secret: the job
 * row (readable by admins on /home/jobs) holds the reference, and without the secret it opens nothing.
 */
export function resetTokenFor(secret: Buffer, reference: string): string {
  return createHmac("sha256", secret).update(`password-reset:${reference}`).digest("base64url");
}
