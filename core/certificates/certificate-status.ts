// What a certificate's verification says (pure, unit-tested): revoked wins over expired; a certificate is
// expired from the moment its expiry passes. The expiry is the issue moment plus the template's validity in
// calendar months (UTC), clamped to the month's last day (31 January + 1 month = 28/29 February).
export type CertificateStatus = "valid" | "revoked" | "expired";

export function certificateStatus(
  certificate: { revoked_at: string | null; expires_at: string | null },
  now: string,
): CertificateStatus {
  if (certificate.revoked_at !== null) return "revoked";
  if (certificate.expires_at !== null && certificate.expires_at <= now) return "expired";
  return "valid";
}

/** The expiry of a certificate issued at `issuedAt` valid for `months` (null: never expires). */
export function expiryOf(issuedAt: string, months: number | null): string | null {
  if (months === null) return null;
  const issued = new Date(issuedAt);
  const target = new Date(issued);
  target.setUTCDate(1);
  target.setUTCMonth(issued.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(issued.getUTCDate(), lastDay));
  return target.toISOString();
}
