// Foundation benchmark (issue: foundation, item 10), in one run:
//   1. a bare node:http server: the machine's ceiling;
//   2. GET /login, rendered by React Router (SSR);
//   3. GET /my/account, an authenticated JSON call (session lookup + JSON);
// printing req/s, p99 and the server's peak RSS for each, the ratio to the ceiling, and the idle RSS.
// Usage: npm run bench [-- --seconds 10 --connections 50]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "#server/build.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { currentRssMb, measure, type Measured, startProcess, table } from "./lib.ts";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "50" } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, "..");

ensureBuild();

const ceilingServer = await startProcess([path.join(root, "bench/ceiling.ts")], {}, /listening at (http:\/\/\S+)/);
const ceiling = await measure("bare node:http (ceiling)", ceilingServer.child.pid!, {
  url: ceilingServer.url,
  seconds,
  connections,
});
await ceilingServer.stop();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-"));
const studium = await startProcess(
  [path.join(root, "server/main.ts")],
  { NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", WORKER: "inline" },
  /running at (http:\/\/\S+)/,
);
const pid = studium.child.pid!;
try {
  // Arrange: a school, its owner logged in.
  const owner = new BrowserClient(studium.url);
  await owner.page("/setup");
  const setup = await owner.post("/setup", {
    school_name: "Bench Academy",
    language: "en",
    currency: "EUR",
    name: "Bench Owner",
    email: "owner@bench.test",
    password: "bench-password",
    sample: false,
  });
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status}`);
  await owner.page("/");
  const idleRss = currentRssMb(pid);

  const rows: Measured[] = [];
  rows.push(await measure("GET /login (SSR page)", pid, { url: `${studium.url}/login`, seconds, connections }));
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  rows.push(
    await measure("GET /my/account (authenticated JSON)", pid, {
      url: `${studium.url}/my/account`,
      headers: { cookie, accept: "application/json", "x-requested-with": "XMLHttpRequest" },
      seconds,
      connections,
    }),
  );

  console.log(`\nStudium foundation benchmark — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(`${seconds} s per scenario, ${connections} connections, load generator on the same machine.\n`);
  console.log(table(rows, ceiling));
  console.log(`\nIdle server RSS after start-up and setup: ${idleRss} MB (target < 200 MB)`);
  const json = rows[1]!;
  console.log(`Authenticated JSON call: ${(json.rps / ceiling.rps).toFixed(2)} of the ceiling (target >= 0.50)`);
  const failed = rows.some((row) => row.non2xx > 0 || row.errors > 0);
  if (failed) {
    console.error("Some requests failed: the figures above are not valid.");
    process.exitCode = 1;
  }
} finally {
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
