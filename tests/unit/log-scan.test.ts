// The log scan of figure 14 (tests/helpers/log-scan.ts) finds what it is there to find.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rememberSecret, rememberSecretFields, scanServerLogs } from "../helpers/log-scan.ts";

let dir: string;
const session = "Zq3v_9PkLm2xWc8TnR5yHs7dJb4fGa1eUo6iK0tVwQ";
const clean = [
  '{"level":30,"time":1732184400000,"reqId":"req-1","req":{"method":"POST","url":"/login","id":"req-1"},"msg":"incoming request"}',
  '{"level":30,"time":1732184400001,"reqId":"req-1","res":{"statusCode":200},"responseTime":12.5,"msg":"request completed"}',
  '{"level":30,"msg":"mail kept in the outbox","to":"owner@example.com","card":"[redacted]","cvv":"[redacted]"}',
].join("\n");

function writeLog(name: string, text: string) {
  fs.mkdirSync(path.join(dir, "server-logs"), { recursive: true });
  fs.writeFileSync(path.join(dir, "server-logs", name), text);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-scan-"));
  process.env.STUDIUM_LOG_SCAN_DIR = dir;
  rememberSecret(session);
  rememberSecretFields({ email: "owner@example.com", password: "owner-secret", nested: { token: "reset-abc-123456" } });
  rememberSecretFields({ password: "short", csrf_token: "csrf-token-printed-in-pages" });
});
afterEach(() => {
  delete process.env.STUDIUM_LOG_SCAN_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the log scan", () => {
  it("finds nothing in clean logs", () => {
    writeLog("a.log", clean);
    const result = scanServerLogs(dir);
    expect(result.files).toBe(1);
    expect(result.secrets).toBeGreaterThanOrEqual(3);
    expect(result.hits).toEqual([]);
  });

  it("finds a session id, a password and a token the helpers saw, with file and line", () => {
    writeLog("a.log", `${clean}\n{"msg":"oops","cookie":"studium_session=${session}"}`);
    writeLog(
      "b.log",
      '{"msg":"login","body":{"password":"owner-secret"}}\n{"url":"/reset-password?token=reset-abc-123456"}',
    );
    const hits = scanServerLogs(dir).hits;
    expect(hits.map(({ file, line }) => `${file}:${line}`)).toEqual(["a.log:4", "b.log:1", "b.log:2"]);
    // The report names the secret without repeating it.
    expect(hits[0]!.what).not.toContain(session);
  });

  it("finds test card numbers and CVC fields, though the tests never named them", () => {
    writeLog("a.log", '{"msg":"pay","n":"4242424242424242"}\n{"cvv":"318"}\n{"url":"/pay?cvc=123"}\n{"cvc": 737}');
    expect(scanServerLogs(dir).hits.map((hit) => hit.line)).toEqual([1, 2, 3, 4]);
  });

  it("does not look for short values or CSRF tokens (printed in every page)", () => {
    writeLog("a.log", '{"msg":"short and csrf-token-printed-in-pages"}');
    expect(scanServerLogs(dir).hits).toEqual([]);
  });
});
