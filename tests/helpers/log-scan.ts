// SECURITY.md figure 14: after the whole suite, everything the test servers logged holds no password, token,
// session id, card number or CVC. While `npm test` runs (STUDIUM_LOG_SCAN_DIR set by tests/run.ts):
// - every test server's output is kept in <dir>/server-logs/ (tests/helpers/test-server.ts);
// - the helpers write down each secret they see (session cookies, passwords and tokens they send or receive,
//   reset and invitation tokens read from e-mails) in <dir>/secrets/, one file per process;
// then scanServerLogs() looks for every one of them, for the test card numbers and for CVC fields, and counts a
// hit as a failed test in the closing line. Secrets shorter than 8 characters are not looked for (too common to
// mean anything, e.g. a 3-digit CVC: those are found by their field name instead).
import fs from "node:fs";
import path from "node:path";

export const MIN_SECRET_LENGTH = 8;
const PREFIX = MIN_SECRET_LENGTH;

/** The card numbers the tests and the providers' fakes use (Visa, Mastercard, Amex test numbers). */
export const TEST_CARD_NUMBERS = [
  "4111111111111111",
  "4242424242424242",
  "4000000000000002",
  "4012888888881881",
  "5555555555554444",
  "5105105105105100",
  "378282246310005",
];

/** A CVC with its field name: JSON ("cvv":"318", "cvc": 318), a query or form (cvv=318). */
const CVC_FIELD =
  /(?:"(?:cvv2?|cvc2?|cvn|card_?cvc|security_?code)"\s*:\s*"?\d{3,4}\b|[?&](?:cvv2?|cvc2?|cvn)=\d{3,4}\b)/i;

function scanDir(): string | undefined {
  return process.env.STUDIUM_LOG_SCAN_DIR || undefined;
}

/** Where a test server keeps its output (undefined: not asked to). */
export function serverLogFile(): string | undefined {
  const dir = scanDir();
  if (!dir) return undefined;
  const logs = path.join(dir, "server-logs");
  fs.mkdirSync(logs, { recursive: true });
  return path.join(logs, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.log`);
}

// Per scan directory (one per run): the secrets file of this process and what it already holds.
const ledgers = new Map<string, { fd: number; seen: Set<string> }>();

/** Writes down a secret a helper has seen, for the scan after the suite (a no-op outside `npm test`). */
export function rememberSecret(value: unknown): void {
  const dir = scanDir();
  if (!dir || typeof value !== "string" || value.length < MIN_SECRET_LENGTH) return;
  let ledger = ledgers.get(dir);
  if (!ledger) {
    fs.mkdirSync(path.join(dir, "secrets"), { recursive: true });
    ledger = { fd: fs.openSync(path.join(dir, "secrets", `${process.pid}.txt`), "a"), seen: new Set() };
    ledgers.set(dir, ledger);
  }
  if (ledger.seen.has(value)) return;
  ledger.seen.add(value);
  fs.writeSync(ledger.fd, `${JSON.stringify(value)}\n`);
}

// Field names whose values are secrets: passwords, tokens, the providers' keys and secrets, card data.
const SECRET_KEY = /pass(word|wd)|token|secret|api_?key|second_?key|private_?key|^crc$|card_?number|cvv|cvc/i;
/** Environment variables of a test server that hold a secret (SECRET_KEY, BUNNY_API_KEY, ...). */
export const SECRET_ENV = /SECRET|_KEY$|PASSWORD|TOKEN/;

/** Remembers the values of secret-named fields (password, token, cardNumber, ...) of a request or answer body. */
export function rememberSecretFields(body: unknown, depth = 0): void {
  if (!scanDir() || depth > 4 || body === null || typeof body !== "object") return;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    // The CSRF token is printed in every page; it is not a secret of the kind figure 14 is about.
    if (typeof value === "string" && SECRET_KEY.test(key) && !/csrf/i.test(key)) rememberSecret(value);
    else if (value && typeof value === "object") rememberSecretFields(value, depth + 1);
  }
}

export type LogHit = { file: string; line: number; what: string };

/** Searches every kept server log for the remembered secrets, the test card numbers and CVC fields. */
export function scanServerLogs(dir: string): { files: number; secrets: number; bytes: number; hits: LogHit[] } {
  const secrets = new Set<string>(TEST_CARD_NUMBERS);
  const secretsDir = path.join(dir, "secrets");
  for (const name of fs.existsSync(secretsDir) ? fs.readdirSync(secretsDir) : []) {
    for (const line of fs.readFileSync(path.join(secretsDir, name), "utf8").split("\n")) {
      if (!line) continue;
      const value = JSON.parse(line) as string;
      if (value.length >= MIN_SECRET_LENGTH) secrets.add(value);
    }
  }
  // Secrets by their first characters: one pass over each log, one map lookup per position.
  const byPrefix = new Map<string, string[]>();
  for (const secret of secrets) {
    const key = secret.slice(0, PREFIX);
    const list = byPrefix.get(key);
    if (list) list.push(secret);
    else byPrefix.set(key, [secret]);
  }
  const logsDir = path.join(dir, "server-logs");
  const files = fs.existsSync(logsDir) ? fs.readdirSync(logsDir).sort() : [];
  const hits: LogHit[] = [];
  let bytes = 0;
  for (const name of files) {
    const text = fs.readFileSync(path.join(logsDir, name), "utf8");
    bytes += text.length;
    const lines = text.split("\n");
    lines.forEach((line, index) => {
      const where = { file: name, line: index + 1 };
      const cvc = CVC_FIELD.exec(line);
      if (cvc) hits.push({ ...where, what: `a CVC field (${cvc[0].replace(/\d/g, "#")})` });
      for (let i = 0; i + PREFIX <= line.length; i++) {
        const candidates = byPrefix.get(line.slice(i, i + PREFIX));
        if (!candidates) continue;
        for (const secret of candidates) {
          if (line.startsWith(secret, i)) hits.push({ ...where, what: `a secret seen by the tests (${mask(secret)})` });
        }
      }
    });
  }
  return { files: files.length, secrets: secrets.size, bytes, hits };
}

/** Enough of a secret to find it in the secrets file, not enough to use it. */
function mask(secret: string): string {
  return `${secret.slice(0, 3)}…${secret.length} chars`;
}
