// Shared pieces of the benchmarks: start a server process, measure it with autocannon, read its memory and
// the CPU time it spent per request.
import crypto from "node:crypto";
import pg from "pg";
import { NODE_FLAGS } from "#server/node-flags.ts";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";

export type Measured = {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMb: number;
  /** the server's CPU time (user + system) per answered request, in µs: the figure noise barely moves */
  cpuUsPerRequest: number;
  /** the load generator's (this process's) CPU use during the run, in % of one core: ~100 means it was the limit */
  loadGeneratorCpuPercent: number;
  /** bytes read per answer, headers included: what the kernel and the load generator move for each request */
  bytesPerAnswer: number;
};

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * Keeps the load generator and the server off each other's cores (taskset, all threads), so the scheduler cannot
 * put both on one core for some runs and not for others. Returns a description, or undefined when the machine
 * has a single core or no taskset. The caller is the load generator; `serverPids` are pinned to the last core.
 */
export function separateCores(serverPids: number[]): string | undefined {
  const cores = os.cpus().length;
  if (cores < 2) return undefined;
  const generatorCores = cores === 2 ? "0" : `0-${cores - 2}`;
  const serverCore = String(cores - 1);
  try {
    execFileSync("taskset", ["-a", "-p", "-c", generatorCores, String(process.pid)], { stdio: "ignore" });
    for (const pid of serverPids)
      execFileSync("taskset", ["-a", "-p", "-c", serverCore, String(pid)], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  return `load generator on core ${generatorCores}, server on core ${serverCore}`;
}

/** CPU time (user + system) a process has used so far, in µs, from /proc/<pid>/stat (fields 14 and 15). */
export function cpuTimeUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicksPerSecond;
}

/** Peak resident memory (VmHWM) of a process so far, in MB, from /proc. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export function currentRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Spawns a server and resolves with its base URL once it prints a line matching `ready`. */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; url: string; stop(): Promise<void> }> {
  // Studium runs with the heap limits of `npm start`.
  const flags = args[0]?.endsWith("server/main.ts") ? NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          child,
          url: match[1]!,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

export type LoadOptions = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  connections: number;
  pipelining: number;
  /** Called once for each connection: e.g. to give each connection its own user's headers (autocannon's option). */
  setupClient?: (client: { setHeaders(headers: Record<string, string>): void }) => void;
};

function load(options: LoadOptions, seconds: number) {
  return autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    duration: seconds,
    connections: options.connections,
    pipelining: options.pipelining,
    ...(options.setupClient ? { setupClient: options.setupClient } : {}),
  });
}

/** Warms the server up (JIT, caches) for a second, then loads it for `seconds` and measures. */
export async function measure(
  name: string,
  pid: number,
  options: LoadOptions,
  /** called right before and right after the measured load (not the warm-up): e.g. to read a database's CPU */
  around?: { before(): Promise<void>; after(): Promise<void> },
): Promise<Measured> {
  await load(options, 1);
  await around?.before();
  const serverBefore = cpuTimeUs(pid);
  const generatorBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await load(options, options.seconds);
  const elapsedUs = (performance.now() - startedAt) * 1000;
  const generator = process.cpuUsage(generatorBefore);
  const serverAfter = cpuTimeUs(pid);
  await around?.after();
  const answered = Math.max(1, result.requests.total);
  return {
    name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: peakRssMb(pid),
    cpuUsPerRequest: (serverAfter - serverBefore) / answered,
    loadGeneratorCpuPercent: Math.round((100 * (generator.user + generator.system)) / elapsedUs),
    bytesPerAnswer: Math.round(result.throughput.total / answered),
  };
}

export function table(rows: Measured[], ceiling: Measured): string {
  const lines = [
    "| scenario | req/s | vs ceiling | server CPU µs/req | CPU vs ceiling | p99 ms | non-2xx | errors | server peak RSS MB | load generator CPU % | bytes/answer |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of [ceiling, ...rows]) {
    const ratio = (row.rps / ceiling.rps).toFixed(2);
    const cpuRatio = (row.cpuUsPerRequest / ceiling.cpuUsPerRequest).toFixed(1);
    lines.push(
      `| ${row.name} | ${row.rps} | ${ratio} | ${row.cpuUsPerRequest.toFixed(1)} | ${cpuRatio}x | ${row.p99} | ${row.non2xx} | ${row.errors} | ${row.peakRssMb} | ${row.loadGeneratorCpuPercent} | ${row.bytesPerAnswer} |`,
    );
  }
  return lines.join("\n");
}

/** Waits until a process is idle (under 20 ms of CPU in half a second; at most 30 s), so that requests a previous
 * load left in flight are not counted against the next one. */
export async function settle(pid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = cpuTimeUs(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTimeUs(pid);
    if (now - last < 20_000) return;
    last = now;
  }
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL (or DATABASE_URL; default
 * postgres://postgres@127.0.0.1:5432/test), named `<prefix>_<random>`; `drop()` removes it at the end.
 */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
