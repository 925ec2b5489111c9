// Tpay signs each notification with a detached JWS (X-JWS-Signature: "header..signature", RS256 over
// header + "." + base64url(rawBody)). The signing certificate is fetched from the x5u URL, which must sit on Tpay's
// secure host, and must be issued by Tpay's JWS root; the same checks as Tpay's own PHP library, with the host
// compared as an origin (a plain prefix would accept https://secure.tpay.com.attacker.example).
import { verify, X509Certificate } from "node:crypto";
import { record } from "./http.ts";

export type JwsTrust = {
  /** the origin every x5u must have, e.g. https://secure.tpay.com */
  origin: string;
  /**
   * what every x5u must start with, e.g. https://secure.tpay.com/x509/ (where Tpay publishes its certificates):
   * followed by a file name ending in .pem, with no query, fragment or '..'
   */
  certificatePrefix: string;
  root: () => Promise<X509Certificate>;
  /** the certificate at an x5u URL; null when there is none (a network failure throws instead) */
  certificate: (url: string) => Promise<X509Certificate | null>;
};

export type JwsCheck = { ok: true } | { ok: false; reason: string };

export async function verifyTpayJws(
  jws: string | null,
  rawBody: Buffer,
  trust: JwsTrust,
  now = new Date(),
): Promise<JwsCheck> {
  if (!jws) return { ok: false, reason: "missing X-JWS-Signature header" };
  const parts = jws.split(".");
  if (parts.length !== 3 || !parts[0] || !parts[2]) return { ok: false, reason: "malformed JWS" };
  const [encodedHeader, detached, encodedSignature] = parts as [string, string, string];
  const payload = rawBody.toString("base64url");
  if (detached !== "" && detached !== payload) return { ok: false, reason: "JWS payload differs from the body" };
  let header: Record<string, unknown>;
  try {
    header = record(JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8")));
  } catch {
    return { ok: false, reason: "malformed JWS header" };
  }
  if (header.alg !== "RS256") return { ok: false, reason: "JWS algorithm is not RS256" };
  const x5u = typeof header.x5u === "string" ? header.x5u : "";
  let x5uUrl: URL;
  try {
    x5uUrl = new URL(x5u);
  } catch {
    return { ok: false, reason: "JWS header has no valid x5u" };
  }
  if (x5uUrl.origin !== trust.origin) return { ok: false, reason: "x5u is not on the provider's trusted host" };
  if (!isCertificateAddress(x5u, x5uUrl, trust.certificatePrefix))
    return { ok: false, reason: "x5u is not one of the provider's certificate addresses" };
  const certificate = await trust.certificate(x5uUrl.href);
  if (!certificate) return { ok: false, reason: "no certificate at x5u" };
  const root = await trust.root();
  if (!certificate.checkIssued(root) || !certificate.verify(root.publicKey))
    return { ok: false, reason: "signing certificate is not issued by the trusted root" };
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo))
    return { ok: false, reason: "signing certificate is not valid now" };
  const signed = Buffer.from(`${encodedHeader}.${payload}`, "utf8");
  const valid = verify("sha256", signed, certificate.publicKey, Buffer.from(encodedSignature, "base64url"));
  return valid ? { ok: true } : { ok: false, reason: "JWS signature mismatch" };
}

/** The x5u exactly as written: the prefix, then one file name ending in .pem (what new URL() gives back unchanged). */
function isCertificateAddress(x5u: string, url: URL, prefix: string): boolean {
  if (!x5u.startsWith(prefix) || url.href !== x5u || url.search || url.hash) return false;
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}\.pem$/.test(x5u.slice(prefix.length)) && !x5u.includes("..");
}

/** Parses a PEM certificate; null when it is not one. */
export function readCertificate(pem: string): X509Certificate | null {
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}
