// Two builds of Studium side by side on one busy machine: the uncached sales page, the catalog and the watch page
// of the learning benchmark's small school (bench/learning-data.ts), each server on its own copy, loaded in turn
// for short rounds (the order alternating), so that both see the same moments of the machine's load; prints each
// build's server CPU per request over all rounds and the median of the per-round ratios.
// Usage: node bench/ab-pages.ts --before DIR [--rounds 8 --seconds 2 --connections 4]
//   DIR: another checkout of the project (its own build; node_modules linked), e.g. `git worktree add` of main.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openDatabase } from "#platform/db/connection.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { arrangeSmallSchool } from "./learning-data.ts";
import { cpuTimeUs, startProcess } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    rounds: { type: "string", default: "8" },
    seconds: { type: "string", default: "2" },
    connections: { type: "string", default: "4" },
  },
});
if (!values.before) throw new Error("usage: node bench/ab-pages.ts --before DIR");
const trees = { before: path.resolve(values.before), after: path.resolve(import.meta.dirname, "..") };

type Started = Awaited<ReturnType<typeof startProcess>>;
type Side = {
  name: keyof typeof trees;
  server: Started;
  dataDir: string;
  paths: Record<string, string>;
  cookie: string;
};

async function prepare(name: keyof typeof trees): Promise<Side> {
  const root = trees[name];
  // Each tree's server runs that tree's build: made first if stale.
  const build = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { ensureBuild } from ${JSON.stringify(path.join(root, "server/build.ts"))}; ensureBuild();`,
    ],
    { stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error(`${name}: the build failed`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studium-ab-${name}-`));
  const server = await startProcess(
    [path.join(root, "server/main.ts")],
    {
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WORKER: "inline",
      PAGE_CACHE_MB: "0",
      RATE_LIMIT_SCALE: "100000",
    },
    /running at (http:\/\/\S+)/,
  );
  await setUpBenchSchool(server.url);
  const student = new BrowserClient(server.url);
  await student.page("/register");
  await student.post("/register", { name: "Bench Student", email: "student@bench.test", password: "bench-password" });
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "studium.db") });
  const client = handle.driver.kind === "sqlite" ? handle.driver.client : undefined;
  if (!client) throw new Error("SQLite only");
  const ids = client
    .prepare("select id, role from users where email in ('owner@bench.test', 'student@bench.test')")
    .all() as { id: number; role: string }[];
  const school = arrangeSmallSchool(client, {
    ownerId: ids.find((u) => u.role === "admin")!.id,
    studentId: ids.find((u) => u.role === "student")!.id,
    currency: "EUR",
  });
  await handle.close();
  await student.page(`/${school.slug}/watch/${school.lectureId}`);
  const cookie = [...student.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const paths = { sales: `/${school.slug}`, catalog: "/courses", watch: `/${school.slug}/watch/${school.lectureId}` };
  return { name, server, dataDir, paths, cookie };
}

const browser = { accept: "text/html", "accept-encoding": "gzip, deflate, br, zstd" };
async function load(side: Side, scenario: string, seconds: number) {
  const pid = side.server.child.pid!;
  const headers = scenario === "watch" ? { ...browser, cookie: side.cookie } : browser;
  const before = cpuTimeUs(pid);
  const result = await autocannon({
    url: side.server.url + side.paths[scenario],
    headers,
    duration: seconds,
    connections: Number(values.connections),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${side.name} ${scenario}: failures`);
  return { cpuUs: cpuTimeUs(pid) - before, requests: result.requests.total };
}

const sides = [await prepare("before"), await prepare("after")];
const scenarios = ["sales", "catalog", "watch"];
const totals = new Map<string, { cpuUs: number; requests: number }>();
const ratios = new Map<string, number[]>();
try {
  for (const side of sides) for (const scenario of scenarios) await load(side, scenario, 1); // warm-up
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const scenario of scenarios) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      const perRequest: Record<string, number> = {};
      for (const side of order) {
        const measured = await load(side, scenario, Number(values.seconds));
        const key = `${side.name} ${scenario}`;
        const total = totals.get(key) ?? { cpuUs: 0, requests: 0 };
        totals.set(key, { cpuUs: total.cpuUs + measured.cpuUs, requests: total.requests + measured.requests });
        perRequest[side.name] = measured.cpuUs / Math.max(1, measured.requests);
      }
      ratios.set(scenario, [...(ratios.get(scenario) ?? []), perRequest.after! / perRequest.before!]);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  console.log(
    `${values.rounds} rounds of ${values.seconds} s, ${values.connections} connections, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    "| page | before CPU µs/req | after CPU µs/req | after / before (all rounds) | median of the rounds' ratios (range) |",
  );
  console.log("|---|---:|---:|---:|---:|");
  for (const scenario of scenarios) {
    const b = totals.get(`before ${scenario}`)!;
    const a = totals.get(`after ${scenario}`)!;
    const bUs = b.cpuUs / b.requests;
    const aUs = a.cpuUs / a.requests;
    const r = ratios.get(scenario)!;
    console.log(
      `| ${scenario} | ${Math.round(bUs)} (${b.requests} req) | ${Math.round(aUs)} (${a.requests} req) | ${(aUs / bUs).toFixed(2)} | ${median(r).toFixed(2)} (${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)}) |`,
    );
  }
} finally {
  for (const side of sides) {
    await side.server.stop();
    fs.rmSync(side.dataDir, { recursive: true, force: true });
  }
}
