// Settings that hold provider secrets (API keys, CRC keys, tokens) are stored encrypted: AES-256-GCM with a key
// derived by HKDF-SHA256 from the server secret, so a copy of the database alone does not reveal them.
//
// Format: "v1." + base64url(iv[12] | tag[16] | ciphertext). The version prefix lets a later key or algorithm
// live beside old rows. An optional context (e.g. "integration:stripe") is bound as additional authenticated data:
// a value copied into another row does not decrypt there. Any change to the text, the key or the context makes
// decryption fail with a DecryptionError (GCM's tag), never with wrong data.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = Buffer.from("studium", "utf8");
const HKDF_INFO = Buffer.from("studium/settings-encryption/v1", "utf8");

export class DecryptionError extends Error {
  constructor(message = "the value could not be decrypted") {
    super(message);
    this.name = "DecryptionError";
  }
}

// Deriving is cheap but not free; the server secret is one Buffer for the process's life.
const derivedKeys = new WeakMap<Buffer, Buffer>();

function keyFor(secret: Buffer): Buffer {
  if (secret.length < 16) throw new Error("the server secret is too short to derive an encryption key");
  let key = derivedKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32));
    derivedKeys.set(secret, key);
  }
  return key;
}

function aad(context: string): Buffer {
  return Buffer.from(`${VERSION}|${context}`, "utf8");
}

/** Encrypts any JSON-serialisable value. Every call uses a fresh random IV, so equal values encrypt differently. */
export function encryptJson(secret: Buffer, value: unknown, context = ""): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(context));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value ?? null), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** Decrypts what encryptJson produced with the same secret and context; throws DecryptionError otherwise. */
export function decryptJson<T = unknown>(secret: Buffer, text: string, context = ""): T {
  const dot = typeof text === "string" ? text.indexOf(".") : -1;
  if (dot < 0) throw new DecryptionError("not an encrypted value");
  const version = text.slice(0, dot);
  if (version !== VERSION) throw new DecryptionError(`unsupported encryption version '${version.slice(0, 10)}'`);
  const body = text.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]*$/.test(body)) throw new DecryptionError("not an encrypted value");
  const raw = Buffer.from(body, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new DecryptionError("the encrypted value is truncated");
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const ciphertext = raw.subarray(IV_BYTES + TAG_BYTES);
  let plain: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(context));
    decipher.setAuthTag(tag);
    plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError("the encrypted value was altered or belongs to another key");
  }
  return JSON.parse(plain) as T;
}
