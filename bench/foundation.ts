// Foundation benchmark (issue: foundation, item 10), in one run:
//   1. a bare node:http server: the machine's ceiling;
//   2. GET /login, rendered by React Router (SSR);
//   3. GET /my/account, an authenticated JSON call (session lookup + JSON);
// printing req/s, the server's CPU time per request, p99 and the server's peak RSS for each, the ratios to the
// ceiling, and the idle RSS. CPU µs per request is the figure to compare across runs: req/s moves with whatever
// else the machine does (the load generator runs on the same cores), CPU time per request barely does.
// The load generator (this process) and each server are kept on separate cores (--pin no: leave it to the
// scheduler, which on 2 cores sometimes puts both on one and changes the figures from run to run).
// Usage: npm run bench [-- --seconds 10 --connections 50 --pipelining 1 --pin yes]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "#server/build.ts";
import { currentRssMb, measure, type Measured, separateCores, startProcess, table } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    pipelining: { type: "string", default: "1" },
    pin: { type: "string", default: "yes" },
  },
});
const pin = (pid: number) => (values.pin === "no" ? undefined : separateCores([pid]));
const seconds = Number(values.seconds);
const connections = Number(values.connections);
// The same load shape for every scenario, the ceiling included.
const pipelining = Number(values.pipelining);
const root = path.resolve(import.meta.dirname, "..");

ensureBuild();

// The ceiling gets the same request as the authenticated JSON call (cookie, Accept, X-Requested-With, with values
// of the same length), so both servers read the same bytes; it answers its own small body.
const jsonCallHeaders = (cookie: string) => ({
  cookie,
  accept: "application/json",
  "x-requested-with": "XMLHttpRequest",
});
const sameSizeCookie = `studium_csrf=${"c".repeat(32)}; studium_session=${"s".repeat(43)}`;
const ceilingServer = await startProcess([path.join(root, "bench/ceiling.ts")], {}, /listening at (http:\/\/\S+)/);
const placement = pin(ceilingServer.child.pid!) ?? "load generator and server wherever the scheduler puts them";
const ceiling = await measure("bare node:http (ceiling)", ceilingServer.child.pid!, {
  url: ceilingServer.url,
  headers: jsonCallHeaders(sameSizeCookie),
  seconds,
  connections,
  pipelining,
});
await ceilingServer.stop();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-"));
const studium = await startProcess(
  [path.join(root, "server/main.ts")],
  { NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", WORKER: "inline" },
  /running at (http:\/\/\S+)/,
);
const pid = studium.child.pid!;
pin(pid);
try {
  // Arrange: a school, its owner logged in.
  const owner = await setUpBenchSchool(studium.url);
  await owner.page("/");
  const idleRss = currentRssMb(pid);

  // The JSON call is measured first: after the SSR scenario the heap holds hundreds of MB of page garbage, and
  // collecting it during the next scenario added ~50% to that scenario's CPU per request (bench/, 21.11.2026).
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  if (cookie.length !== sameSizeCookie.length)
    console.warn(`The ceiling's cookie no longer has the session cookie's size (${cookie.length}).`);
  const json = await measure("GET /my/account (authenticated JSON)", pid, {
    url: `${studium.url}/my/account`,
    headers: jsonCallHeaders(cookie),
    seconds,
    connections,
    pipelining,
  });
  const page = await measure("GET /login (SSR page)", pid, {
    url: `${studium.url}/login`,
    seconds,
    connections,
    pipelining,
  });
  const rows: Measured[] = [page, json];

  console.log(
    `\nStudium foundation benchmark — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(
    `${seconds} s per scenario after 1 s of warm-up, ${connections} connections, pipelining ${pipelining}; ${placement}.\n`,
  );
  console.log(table(rows, ceiling));
  console.log(`\nIdle server RSS after start-up and setup: ${idleRss} MB (target < 200 MB)`);
  console.log(
    `Authenticated JSON call: ${(json.rps / ceiling.rps).toFixed(2)} of the ceiling's req/s (target >= 0.50)`,
  );
  console.log(
    `Server CPU per request: ${json.cpuUsPerRequest.toFixed(1)} µs against ${ceiling.cpuUsPerRequest.toFixed(1)} µs for the ceiling ` +
      `(${(json.cpuUsPerRequest / ceiling.cpuUsPerRequest).toFixed(1)}x; 0.50 of the ceiling's req/s needs <= 2x)`,
  );
  if (ceiling.loadGeneratorCpuPercent >= 90) {
    console.log(
      `The load generator used ${ceiling.loadGeneratorCpuPercent}% of a core on the ceiling: it, not the server, set the ceiling's req/s.`,
    );
  }
  const failed = rows.some((row) => row.non2xx > 0 || row.errors > 0);
  if (failed) {
    console.error("Some requests failed: the figures above are not valid.");
    process.exitCode = 1;
  }
} finally {
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
