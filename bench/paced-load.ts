// An open-loop load at an even pace, for bench/launch-day.ts. autocannon's fixed rate (`overallRate`) releases each
// second's requests on all connections at once: measured against a bare node:http server, 100 req/s over 50
// connections waited 13 ms at the median for answers that take well under one, and the bursts queue behind one
// another on a real server, so the latencies were the generator's. Here request i of a kind is sent at
// start + i / rate whether or not earlier ones have been answered (over a keep-alive agent with as many sockets as
// it needs), and its latency is counted from that planned moment, so a server that falls behind shows it (no
// coordinated omission) instead of being asked less.
import http from "node:http";
import { performance } from "node:perf_hooks";

export type PacedRequest = { method: "GET" | "POST"; path: string; body?: string; headers: Record<string, string> };

export type PacedResult = {
  /** requests planned (rate x seconds) */
  planned: number;
  /** answered with 2xx */
  ok: number;
  /** non-2xx answers, errors and answers that did not come within the step and its grace */
  failed: number;
  /** latency percentiles in ms, from the planned moment to the last byte */
  p50: number;
  p99: number;
};

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/**
 * Sends `rate` requests a second for `seconds`, taking `requests` in turn, and resolves once every request has been
 * answered or `graceMs` after the step has passed.
 */
export async function pacedLoad(
  baseUrl: string,
  requests: PacedRequest[],
  options: { rate: number; seconds: number; graceMs?: number },
): Promise<PacedResult> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const planned = Math.max(1, Math.round(options.rate * options.seconds));
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now() + 5;
  const sends: Promise<void>[] = [];

  function send(i: number): Promise<void> {
    const request = requests[i % requests.length]!;
    const plannedAt = start + (i * 1000) / options.rate;
    return new Promise((resolve) => {
      const outgoing = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          agent,
          headers: {
            ...request.headers,
            ...(request.body === undefined ? {} : { "content-length": Buffer.byteLength(request.body) }),
          },
        },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(performance.now() - plannedAt);
            else failed += 1;
            resolve();
          });
        },
      );
      outgoing.on("error", () => {
        failed += 1;
        resolve();
      });
      outgoing.setNoDelay(true);
      outgoing.end(request.body);
    });
  }

  await new Promise<void>((done) => {
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < planned && start + (next * 1000) / options.rate <= now) sends.push(send(next++));
      if (next >= planned) return done();
      setTimeout(tick, Math.max(0, start + (next * 1000) / options.rate - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  const grace = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), options.graceMs ?? 10_000).unref());
  await Promise.race([Promise.all(sends), grace]);
  // What has come so far; anything still on its way counts as failed.
  const sorted = [...latencies].sort((a, b) => a - b);
  const unanswered = planned - sorted.length - failed;
  const result = {
    planned,
    ok: sorted.length,
    failed: failed + unanswered,
    p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
  };
  agent.destroy();
  return result;
}
