// Starts the real server (node server/main.ts) on a random port against a fresh database, as a child
// process, and speaks HTTP to it like a browser does. One per test file.
import { NODE_FLAGS } from "#server/node-flags.ts";
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { rememberSecret, SECRET_ENV, serverLogFile } from "./log-scan.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The servers' SECRET_KEY (tests derive from it what the server derives, e.g. a reset link's token). */
export const TEST_SECRET_KEY = "test-secret-test-secret-test-secret-0123456789";

export type LogLine = { level: number; msg?: string; [key: string]: unknown };

export type TestServer = {
  url: string;
  port: number;
  database: TestDatabase;
  /** The server's process (with WEB_CONCURRENCY > 1, the cluster's primary), for tests of its signals. */
  process: ChildProcess;
  /** A direct connection to the server's database, for arranging and asserting. */
  handle: DbHandle;
  logs: LogLine[];
  /** Everything the process printed (stdout and stderr), for secret-leak checks. */
  output(): string;
  stop(): Promise<void>;
  /** Waits for the process to die by itself (a crash point), then lets go of the database without dropping it. */
  crashed(): Promise<void>;
};

/**
 * options.database: run on a database the test prepared (e.g. with the CLI); the server drops it on stop.
 * options.startTimeoutMs: how long it may take to listen (30 s; a cluster's primary and workers take longer).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { database?: TestDatabase; startTimeoutMs?: number } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      // The app in its test mode, the libraries in production: React's development build renders pages ~9x slower
      // (docs/decisions/0026). A test asking for NODE_ENV gets that mode for the app too.
      NODE_ENV: "production",
      STUDIUM_ENV: env.NODE_ENV ?? "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: "info",
      SECRET_KEY: TEST_SECRET_KEY,
      // scrypt's cost lowered for the many accounts the tests make: a real setting, stored in every hash.
      PASSWORD_SCRYPT_N: "16384",
      // Test files post far more from 127.0.0.1 in a minute than a person would: the per-route limits stay on (every
      // request still goes through them) but fifty times as high. tests/integration/rate-limits.test.ts runs them
      // at the production figures (RATE_LIMIT_SCALE=1).
      RATE_LIMIT_SCALE: "50",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  let output = "";
  // Under `npm test`, everything the server prints is kept for the log scan after the suite (figure 14).
  const keptLog = serverLogFile();
  for (const [name, value] of Object.entries(env)) if (SECRET_ENV.test(name)) rememberSecret(value);
  rememberSecret(TEST_SECRET_KEY);
  const keptFd = keptLog ? fs.openSync(keptLog, "a") : undefined;
  if (keptFd !== undefined) {
    child.stdout!.on("data", (chunk: Buffer) => fs.writeSync(keptFd, chunk));
    child.stderr!.on("data", (chunk: Buffer) => fs.writeSync(keptFd, chunk));
    child.once("close", () => fs.closeSync(keptFd));
  }
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running after the test run (a cluster's workers leave when their primary is gone).
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${output}`));
    }, options.startTimeoutMs ?? 30_000);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    let buffer = "";
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          const entry = JSON.parse(line) as LogLine;
          logs.push(entry);
          if (entry.msg === "Studium is listening") {
            clearTimeout(timer);
            resolve(String(entry.address));
          }
        } catch {
          // not a log line
        }
      }
    });
  });
  const url = address.replace("0.0.0.0", "127.0.0.1");
  const handle = openDatabase(
    database.url.startsWith("postgres")
      ? { kind: "postgres", url: database.url }
      : { kind: "sqlite", file: database.url },
    { poolSize: 2 },
  );
  return {
    url,
    port: Number(new URL(url).port),
    database,
    process: child,
    handle,
    logs,
    output: () => output,
    async crashed() {
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once("exit", resolve));
      await handle.close();
    },
    async stop() {
      await handle.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        // The server gives itself 10 s to close; past 15 s it is stuck, and the test run must not be.
        const stuck = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(stuck);
      }
      await database.drop();
    },
  };
}

/** Polls until the check returns a truthy value (tests wait for conditions, never sleep). */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  { timeoutMs = 10_000, intervalMs = 25 } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
