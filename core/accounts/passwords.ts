// Password hashing with scrypt (node:crypto), stored as "scrypt$N$r$p$salt$hash": every hash carries its own
// parameters, so old hashes keep working when the cost rises, and a login rehashes a weaker one (needsRehash).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";

export type ScryptParams = { N: number; r: number; p: number };

/** OWASP Password Storage Cheat Sheet's scrypt minimum: N=2^17, r=8, p=1 (128 MiB, ~0.4 s on one core). */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// Bounds for parameters read back from a stored hash, so a corrupt row cannot ask for gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function scrypt(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; maxmem must sit above it or node refuses (the default is 32 MiB).
  const maxmem = 128 * N * r * 2;
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  const params = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (scheme !== "scrypt" || !salt || !hash) return null;
  const valid =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= MAX_R &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= MAX_P;
  return valid ? { params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.params);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash is weaker than the current parameters (never a downgrade when they are lowered). */
export function needsRehash(stored: string, params: ScryptParams = OWASP_SCRYPT): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

// A fixed hash per cost to verify against when the account does not exist, so that both paths take the same time.
const decoys = new Map<string, Promise<string>>();
export function decoyHash(params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const key = `${params.N}$${params.r}$${params.p}`;
  let decoy = decoys.get(key);
  if (!decoy) {
    decoy = hashPassword(randomBytes(12).toString("hex"), params);
    decoys.set(key, decoy);
  }
  return decoy;
}
