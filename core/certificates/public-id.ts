// A certificate's public id: 128 random bits as base64url (22 characters), the verification page's address.
// Anything else in that place is a 404 before any look-up.
import { randomBytes } from "node:crypto";

const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;

export function newCertificatePublicId(): string {
  return randomBytes(16).toString("base64url");
}

export function isCertificatePublicId(value: unknown): value is string {
  return typeof value === "string" && PUBLIC_ID.test(value);
}
