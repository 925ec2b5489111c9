// Reads a cypher with the school's private key, for the Tpay fake and the built-in test provider (which play the
// part of the card processor): Node refuses privateDecrypt with RSA_PKCS1_PADDING since the Marvin mitigation, so
// this asks the openssl command (pkeyutl, rsa_padding_mode:pkcs1), as ../shared/INTEGRATIONS.md advises. A wrong
// key or a damaged cypher gives null. Production never decrypts a card: the cypher goes to Tpay untouched.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { checkCypherEnvelope } from "./cypher-envelope.ts";
import { cardKeyPairFromPem } from "./card-key-pair.ts";
import { type CardPayload, parseCardPayload } from "./card-payload.ts";

const run = promisify(execFile);

export async function decryptCypher(cypher: string, privateKeyPem: string): Promise<CardPayload | null> {
  const envelope = checkCypherEnvelope(cypher, cardKeyPairFromPem(privateKeyPem).publicKeyPem);
  if (!envelope.ok) return null;
  // The key and the block go through a private temporary folder: openssl reads the key from a file.
  const folder = await mkdtemp(path.join(tmpdir(), "studium-cypher-"));
  try {
    const keyFile = path.join(folder, "key.pem");
    const inFile = path.join(folder, "cypher.bin");
    await writeFile(keyFile, privateKeyPem, { mode: 0o600 });
    await writeFile(inFile, envelope.bytes, { mode: 0o600 });
    const { stdout } = await run(
      "openssl",
      ["pkeyutl", "-decrypt", "-inkey", keyFile, "-pkeyopt", "rsa_padding_mode:pkcs1", "-in", inFile],
      { encoding: "buffer", timeout: 10_000 },
    );
    return parseCardPayload(stdout.toString("utf8"));
  } catch {
    // Bad padding (a wrong key, a changed byte) makes openssl fail, or answer noise that the parser refuses.
    return null;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
