// Shared pieces of the benchmarks: start a server process, measure it with autocannon, read its memory.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";

export type Measured = { name: string; rps: number; p99: number; errors: number; non2xx: number; peakRssMb: number };

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
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
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

export async function measure(
  name: string,
  pid: number,
  options: { url: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; seconds: number; connections: number },
): Promise<Measured> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    duration: options.seconds,
    connections: options.connections,
    pipelining: 1,
  });
  return {
    name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: peakRssMb(pid),
  };
}

export function table(rows: Measured[], ceiling: Measured): string {
  const lines = [
    "| scenario | req/s | p99 ms | vs ceiling | non-2xx | errors | server peak RSS MB |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of [ceiling, ...rows]) {
    const ratio = row === ceiling ? "1.00" : (row.rps / ceiling.rps).toFixed(2);
    lines.push(`| ${row.name} | ${row.rps} | ${row.p99} | ${ratio} | ${row.non2xx} | ${row.errors} | ${row.peakRssMb} |`);
  }
  return lines.join("\n");
}
