// The server's secret (CSRF tokens, signed upload URLs, encrypted settings). From SECRET_KEY, or generated
// once and kept in DATA_DIR/secret.key so that restarts keep sessions' tokens valid. Several machines must
// share one SECRET_KEY.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function loadSecret(options: { secretKey?: string; dataDir: string }): Buffer {
  if (options.secretKey) return Buffer.from(options.secretKey, "utf8");
  const file = path.join(options.dataDir, "secret.key");
  try {
    return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
  } catch {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const secret = randomBytes(48);
    try {
      fs.writeFileSync(file, secret.toString("base64url"), { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      // Another process created it first: use theirs.
      return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
    }
  }
}
