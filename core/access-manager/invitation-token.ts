// The secret in an invitation link (/invitations/{token}): 256 random bits, URL-safe; only its SHA-256 is stored,
// so a copy of the database does not hand out seats.
import { createHash, randomBytes } from "node:crypto";

export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Only strings shaped like our tokens are looked up (a base64url of 32 bytes is 43 characters). */
export function looksLikeInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
