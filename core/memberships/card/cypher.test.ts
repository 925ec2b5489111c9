// The cypher end to end: JSEncrypt (the browser's library, here its CommonJS build) encrypts the payload with the
// school's public key; our envelope check accepts it; openssl's PKCS#1 v1.5 decryption (the fake's) reads it back.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCardPayload, parseCardPayload, payloadFields } from "./card-payload.ts";
import { checkCard } from "./card-rules.ts";
import {
  cardKeyPairFromPem,
  cardPublicKey,
  generateCardKeyPem,
  loadCardKeyPair,
  publicKeyPemOf,
} from "./card-key-pair.ts";
import { checkCypherEnvelope } from "./cypher-envelope.ts";
import { decryptCypher } from "./decrypt-cypher.ts";
import { decodePublicKey, encryptCard, type RsaEncryptor } from "./encrypt-card.ts";

const JSEncrypt = createRequire(import.meta.url)("jsencrypt") as new () => RsaEncryptor;
const keys = cardKeyPairFromPem(generateCardKeyPem());
const otherKeys = cardKeyPairFromPem(generateCardKeyPem());
const origin = "https://school.example";
const card = { cardNumber: "4111 1111 1111 1111", cardMonth: "03", cardYear: "2031", cardCvv: "737" };
const encrypt = (fields = card, publicKeyBase64 = keys.publicKeyBase64) =>
  encryptCard(fields, { origin, publicKeyBase64, encryptor: new JSEncrypt() });

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-card-keys-"));
  dirs.push(dir);
  return dir;
}

describe("the payload number|MM/YY|cvv|origin", () => {
  it("is built from valid fields without spaces, with a two-digit month and year", () => {
    expect(buildCardPayload(card, origin)).toBe("4111111111111111|03/31|737|https://school.example");
  });

  it("is not built while any rule fails", () => {
    expect(buildCardPayload({ ...card, cardCvv: "73" }, origin)).toBeNull();
    expect(buildCardPayload({ ...card, cardNumber: "4111 1111 1111 1112" }, origin)).toBeNull();
    expect(buildCardPayload({ ...card, cardYear: "2020" }, origin)).toBeNull();
    expect(buildCardPayload({ ...card, cardMonth: "" }, origin)).toBeNull();
  });

  it("reads back into fields that pass the same rules, and refuses noise", () => {
    const payload = parseCardPayload("4111111111111111|03/31|737|https://school.example");
    expect(payload).toEqual({ number: "4111111111111111", month: "03", year: "31", cvv: "737", origin });
    expect(checkCard(payloadFields(payload!)).valid).toBe(true);
    expect(parseCardPayload("4111111111111111|13/31|737|https://school.example")).toBeNull();
    expect(parseCardPayload("4111111111111111|03/31|737")).toBeNull();
    expect(parseCardPayload("\u0000\u0002garbage")).toBeNull();
  });
});

describe("the school's key pair (1024-bit by default, kept like the server secret)", () => {
  it("is 1024-bit, and the page's key is base64 of a PEM SPKI key", () => {
    expect(keys.bits).toBe(1024);
    expect(publicKeyPemOf(keys.publicKeyBase64)).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/,
    );
    expect(decodePublicKey(keys.publicKeyBase64)).toBe(keys.publicKeyPem);
  });

  it("is generated once into the data folder (mode 0600) and the same after a restart", () => {
    const dir = tempDir();
    const first = loadCardKeyPair({ dataDir: dir });
    const again = loadCardKeyPair({ dataDir: dir });
    expect(again.publicKeyBase64).toBe(first.publicKeyBase64);
    expect(fs.statSync(path.join(dir, "card-rsa.pem")).mode & 0o777).toBe(0o600);
  });

  it("comes from the configured PEM when one is given (several machines share it)", () => {
    const dir = tempDir();
    expect(loadCardKeyPair({ privateKeyPem: keys.privateKeyPem, dataDir: dir }).publicKeyBase64).toBe(
      keys.publicKeyBase64,
    );
    expect(fs.existsSync(path.join(dir, "card-rsa.pem"))).toBe(false);
  });

  it("takes the configured key as base64 of the PEM too (one line in an environment file)", () => {
    const oneLine = Buffer.from(keys.privateKeyPem).toString("base64");
    expect(loadCardKeyPair({ privateKeyPem: oneLine, dataDir: tempDir() }).publicKeyBase64).toBe(keys.publicKeyBase64);
  });

  it("refuses a configured value that is not an RSA private key", () => {
    expect(() => loadCardKeyPair({ privateKeyPem: "bm90IGEga2V5", dataDir: tempDir() })).toThrow();
  });

  it("gives the page Tpay's key when Tpay's panel key is set, else the school's", () => {
    expect(cardPublicKey({ tpayPublicKeyBase64: otherKeys.publicKeyBase64, school: keys })).toBe(
      otherKeys.publicKeyBase64,
    );
    expect(cardPublicKey({ tpayPublicKeyBase64: " ", school: keys })).toBe(keys.publicKeyBase64);
  });
});

describe("the cypher", () => {
  it("is base64 of one 128-byte block that the private key decrypts to the payload", async () => {
    const cypher = encrypt()!;
    expect(Buffer.from(cypher, "base64")).toHaveLength(128);
    expect(checkCypherEnvelope(cypher, keys.publicKeyPem).ok).toBe(true);
    expect(await decryptCypher(cypher, keys.privateKeyPem)).toEqual({
      number: "4111111111111111",
      month: "03",
      year: "31",
      cvv: "737",
      origin,
    });
  });

  it("is not made while the card is invalid", () => {
    expect(encrypt({ ...card, cardCvv: "" })).toBeNull();
  });

  it("differs each time (random padding) and always fills the block", () => {
    const cyphers = Array.from({ length: 40 }, () => encrypt()!);
    expect(new Set(cyphers).size).toBe(40);
    for (const cypher of cyphers) expect(checkCypherEnvelope(cypher, keys.publicKeyPem).ok).toBe(true);
  });

  it("does not decrypt with another key, nor once a byte changed", async () => {
    const cypher = encrypt()!;
    expect(await decryptCypher(cypher, otherKeys.privateKeyPem)).toBeNull();
    const bytes = Buffer.from(cypher, "base64");
    bytes[60] = bytes[60]! ^ 0x01;
    expect(await decryptCypher(bytes.toString("base64"), keys.privateKeyPem)).toBeNull();
  });

  it("refuses envelopes that cannot be a cypher of the key", () => {
    const cypher = encrypt()!;
    expect(checkCypherEnvelope(undefined, keys.publicKeyPem)).toMatchObject({ ok: false });
    expect(checkCypherEnvelope("", keys.publicKeyPem)).toMatchObject({ ok: false });
    expect(checkCypherEnvelope(`${cypher}!`, keys.publicKeyPem)).toMatchObject({ ok: false });
    expect(checkCypherEnvelope(cypher.slice(4), keys.publicKeyPem)).toMatchObject({ ok: false });
    expect(checkCypherEnvelope(Buffer.alloc(128, 0xff).toString("base64"), keys.publicKeyPem)).toMatchObject({
      ok: false,
      reason: "cypher is not below the key's modulus",
    });
    expect(checkCypherEnvelope("A".repeat(800), keys.publicKeyPem)).toMatchObject({ ok: false });
  });
});
