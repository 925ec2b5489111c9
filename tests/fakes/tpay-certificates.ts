// Test certificates for the Tpay fake's JWS: a root CA and a signing certificate it issued (what Tpay publishes
// under secure.tpay.com/x509/), plus a rogue root and a certificate it issued, for the forgery tests. Generated
// once per process with the openssl command line (node:crypto cannot issue certificates); nothing is committed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type TpayCertificates = {
  rootPem: string;
  signingPem: string;
  signingKeyPem: string;
  rogueRootPem: string;
  rogueSigningPem: string;
  rogueSigningKeyPem: string;
};

let generated: TpayCertificates | null = null;

export function tpayCertificates(): TpayCertificates {
  generated ??= generate();
  return generated;
}

function generate(): TpayCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), "studium-tpay-jws-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  try {
    writeFileSync(file("leaf.ext"), "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n");
    for (const prefix of ["", "rogue-"]) {
      openssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        file(`${prefix}root.key`),
        "-out",
        file(`${prefix}root.pem`),
        "-days",
        "3650",
        "-subj",
        "/CN=Fake Tpay JWS Root",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign",
      );
      openssl(
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        file(`${prefix}signing.key`),
        "-out",
        file(`${prefix}signing.csr`),
        "-subj",
        "/CN=Fake Tpay notifications JWS",
      );
      openssl(
        "x509",
        "-req",
        "-in",
        file(`${prefix}signing.csr`),
        "-CA",
        file(`${prefix}root.pem`),
        "-CAkey",
        file(`${prefix}root.key`),
        "-set_serial",
        String(Date.now()),
        "-days",
        "365",
        "-extfile",
        file("leaf.ext"),
        "-out",
        file(`${prefix}signing.pem`),
      );
    }
    const read = (name: string) => readFileSync(file(name), "utf8");
    return {
      rootPem: read("root.pem"),
      signingPem: read("signing.pem"),
      signingKeyPem: read("signing.key"),
      rogueRootPem: read("rogue-root.pem"),
      rogueSigningPem: read("rogue-signing.pem"),
      rogueSigningKeyPem: read("rogue-signing.key"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
