// CSRF tokens are derived, not stored: HMAC(secret, binding), where the binding is the session id for a
// logged-in visitor and a random anonymous cookie otherwise. Logging in changes the binding, so a token
// from before the login (or from another session) no longer matches: that answers 419.
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

// Turning the secret into a key on every call was ~10% of a cached page's cost (bench/): do it once.
const keys = new WeakMap<Buffer, KeyObject>();

// Every POST checks its token and every page prints one: the token of a binding is remembered (bounded), so a
// visitor's requests pay for the HMAC once.
const remembered = new WeakMap<Buffer, Map<string, string>>();
const MAX_REMEMBERED = 10_000;

export function csrfTokenFor(secret: Buffer, binding: string): string {
  let tokens = remembered.get(secret);
  if (!tokens) remembered.set(secret, (tokens = new Map()));
  const known = tokens.get(binding);
  if (known !== undefined) return known;
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  const token = createHmac("sha256", key).update(`csrf|${binding}`).digest("base64url");
  if (tokens.size >= MAX_REMEMBERED) tokens.clear();
  tokens.set(binding, token);
  return token;
}

export function csrfBinding(sessionId: string | undefined, anonymousId: string | undefined): string | undefined {
  if (sessionId) return `s:${sessionId}`;
  if (anonymousId) return `a:${anonymousId}`;
  return undefined;
}

export function csrfTokenMatches(secret: Buffer, binding: string | undefined, token: unknown): boolean {
  if (!binding || typeof token !== "string" || token.length === 0) return false;
  const expected = Buffer.from(csrfTokenFor(secret, binding));
  const actual = Buffer.from(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
