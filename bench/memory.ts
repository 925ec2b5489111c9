// Memory benchmark (the performance issue, item 6: under 200 MB idle, under 400 MB at the launch-day peak): the
// server as `npm start` runs it (server/node-flags.ts), on SQLite with the sample content, its resident memory
//   - after start (the school set up), and idle after the first pages of every public kind;
//   - the peak while 2,000 uncached pages (the home page, four at a time) are rendered, and idle after them.
// With --flags none it runs without the heap limits, for comparison (V8's defaults).
// Usage: node bench/memory.ts [--flags none]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "#server/build.ts";
import { NODE_FLAGS } from "#server/node-flags.ts";
import { currentRssMb, peakRssMb, startProcess } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({ options: { flags: { type: "string", default: "npm-start" } } });
const root = path.resolve(import.meta.dirname, "..");
const PAGES = 2_000;
const IN_PARALLEL = 4;

ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-memory-"));
// bench/lib.ts adds the heap limits to server/main.ts; a copy of the path without them compares V8's defaults.
const entry = values.flags === "none" ? ["--", path.join(root, "server/main.ts")] : [path.join(root, "server/main.ts")];
const studium = await startProcess(
  entry,
  {
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PASSWORD_SCRYPT_N: "16384",
    RATE_LIMIT_SCALE: "100000",
  },
  /running at (http:\/\/\S+)/,
);
const pid = studium.child.pid!;

/** Resident memory once the server has been quiet for a while (GC and freed buffers settle). */
async function idleRss(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  return currentRssMb(pid);
}

async function get(pathname: string): Promise<void> {
  const response = await fetch(`${studium.url}${pathname}`, { headers: { "accept-encoding": "gzip, deflate, br" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
}

try {
  await setUpBenchSchool(studium.url, { sample: true, schoolName: "Memory Academy" });
  const afterStart = await idleRss();

  const catalog = await (await fetch(`${studium.url}/courses`)).text();
  const slug = /href="\/([a-z0-9-]+)"/.exec(catalog)?.[1];
  if (!slug) throw new Error("no course in the catalog");
  for (const page of ["/", "/courses", `/${slug}`, "/community", "/login", "/register", "/forgot-password"]) {
    for (let i = 0; i < 10; i++) await get(page);
  }
  const afterFirstPages = await idleRss();

  await Promise.all(
    Array.from({ length: IN_PARALLEL }, async () => {
      // A query string keeps the home page out of the anonymous page cache: each one is rendered.
      for (let i = 0; i < PAGES / IN_PARALLEL; i++) await get(`/?visit=${i}`);
    }),
  );
  const peak = peakRssMb(pid);
  const afterLoad = await idleRss();

  console.log(
    [
      `## Memory (${new Date().toISOString().slice(0, 10)}), ${values.flags === "none" ? "V8's defaults" : NODE_FLAGS.join(" ")}`,
      "",
      "| moment | RSS MB |",
      "|---|---:|",
      `| idle after start (school set up with the sample content) | ${afterStart} |`,
      `| idle after the first pages (70: home, catalog, sales page, community, login, register, reset) | ${afterFirstPages} |`,
      `| peak while ${PAGES.toLocaleString("en")} home pages are rendered, ${IN_PARALLEL} at a time | ${peak} |`,
      `| idle after them | ${afterLoad} |`,
    ].join("\n"),
  );
} finally {
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
