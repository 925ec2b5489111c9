// Mixed reads and writes (the groundwork issue, item 5): do the discussion's per-reader answer caches and the kept
// search answers pay when the data they copy keeps changing? Two mixes, each one autocannon run (every
// connection sends its mix's requests in turn, over and over), measured by the server's CPU per request:
//   discussion: 20 students with access to the measured lecture, each connection one of them, reading the
//     lecture's comment list and a comment's replies, with a vote (toggling, so the data does not grow) and,
//     less often, a new comment in between; `--writes` sets how many of every 10 requests write;
//   search: students searching for a few words (the same few, as a search box sends a query again as it is
//     typed), with an admin's course change (PUT /home/courses/{id}) in between, `--writes` in 10.
// Run it on the code with a cache and on the code without it, and compare the CPU per request (bench/README.md).
// Usage: node bench/mixed.ts [--seconds 10 --connections 20 --writes 1 --pin yes]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { ensureBuild } from "#server/build.ts";
import { openDatabase } from "#platform/db/connection.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { arrangeSmallSchool } from "./learning-data.ts";
import { cpuTimeUs, separateCores, startProcess } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    writes: { type: "string", default: "1" },
    pin: { type: "string", default: "yes" },
    label: { type: "string", default: "" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const writesInTen = Number(values.writes);
const root = path.resolve(import.meta.dirname, "..");
const STUDENTS = 20;

ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-mixed-"));
const studium = await startProcess(
  [path.join(root, "server/main.ts")],
  {
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WORKER: "inline",
    RATE_LIMIT_SCALE: "100000",
    PASSWORD_SCRYPT_N: "16384",
  },
  /running at (http:\/\/\S+)/,
);
const pid = studium.child.pid!;
const placement = values.pin === "no" ? undefined : separateCores([pid]);
const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "studium.db") });
const client = handle.driver.kind === "sqlite" ? handle.driver.client : undefined;
if (!client) throw new Error("the mixed benchmark runs on SQLite");

type Call = { method: "POST" | "PUT"; path: string; body: string; headers?: Record<string, string> };
type Mix = { name: string; reads: Call[]; writes: Call[] };

function jsonHeaders(browser: BrowserClient) {
  return {
    cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    accept: "application/json",
    "content-type": "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-csrf-token": browser.csrfToken,
    origin: studium.url,
  };
}

/** One connection's round: `writesInTen` of every 10 requests write, spread among the reads. */
function round(mix: Mix): Call[] {
  const requests: Call[] = [];
  let read = 0;
  let written = 0;
  for (let i = 0; i < 10; i++) {
    const writeHere = written < writesInTen && Math.floor(((i + 1) * writesInTen) / 10) > written;
    if (writeHere) requests.push(mix.writes[written++ % mix.writes.length]!);
    else requests.push(mix.reads[read++ % mix.reads.length]!);
  }
  return requests;
}

/** The hit rates /home/caches shows for this process's caches (the registry counts since the start). */
async function hitRates(owner: BrowserClient): Promise<Record<string, string>> {
  const { html } = await owner.page("/home/caches");
  const rates: Record<string, string> = {};
  for (const [, name, row] of html.matchAll(/<tr[^>]*data-cache="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)) {
    const cells = [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
    rates[name!] = cells.at(-1)!;
  }
  return rates;
}

async function run(mix: Mix, studentHeaders: Record<string, string>[]) {
  const requests = round(mix);
  const statuses = new Map<number, number>();
  const load = (duration: number) =>
    autocannon({
      url: studium.url,
      connections,
      duration,
      // Each connection is one student (its cookie and token) for the reads; a write keeps its own headers.
      requests: requests.map((request) => ({
        method: request.method,
        path: request.path,
        body: request.body,
        setupRequest: (req, context) => {
          const connection = context as { student?: Record<string, string> };
          connection.student ??= studentHeaders[Math.floor(Math.random() * studentHeaders.length)];
          return { ...req, headers: request.headers ?? connection.student };
        },
        onResponse: (status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      })),
    });
  await load(1);
  statuses.clear();
  const before = cpuTimeUs(pid);
  const result = await load(seconds);
  const answered = Math.max(1, result.requests.total);
  return {
    name: mix.name,
    rps: Math.round(result.requests.average),
    cpuUsPerRequest: (cpuTimeUs(pid) - before) / answered,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(statuses),
  };
}

try {
  const owner = await setUpBenchSchool(studium.url);
  const students: BrowserClient[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const student = new BrowserClient(studium.url);
    await student.page("/register");
    const registered = await student.post("/register", {
      name: `Bench Student ${i}`,
      email: `student${i}@bench.test`,
      password: "bench-password",
    });
    if (registered.status !== 200) throw new Error(`registration failed: ${registered.status}`);
    students.push(student);
  }
  const ids = client.prepare("select id, email from users").all() as { id: number; email: string }[];
  const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
  const school = arrangeSmallSchool(client, {
    ownerId: idOf("owner@bench.test"),
    studentId: idOf("student0@bench.test"),
    currency: "EUR",
  });
  const now = new Date().toISOString();
  const grant = client.prepare(
    "insert into course_access (user_id, course_id, starts_at, source, reason, created_at) values (?, ?, ?, 'admin', '', ?)",
  );
  for (let i = 1; i < STUDENTS; i++) grant.run(idOf(`student${i}@bench.test`), school.courseId, now, now);
  for (const student of students) await student.page(`/${school.slug}/watch/${school.lectureId}`);
  const studentHeaders = students.map(jsonHeaders);
  await owner.page("/home");
  const ownerHeaders = jsonHeaders(owner);
  const searchWords = school.searchQuery.split(" ")[0]!;

  const discussion: Mix = {
    name: "discussion: comment list + replies, with votes and new comments",
    reads: [
      { method: "POST", path: `/json/lectures/${school.lectureId}/comments`, body: "{}" },
      { method: "POST", path: `/comment/${school.commentId}/replies`, body: "{}" },
      { method: "POST", path: `/json/lectures/${school.lectureId}/comments`, body: "{}" },
    ],
    writes: [
      { method: "POST", path: "/vote", body: JSON.stringify({ type: "comment", id: school.commentId, value: 1 }) },
      { method: "POST", path: "/vote", body: JSON.stringify({ type: "comment", id: school.commentId, value: 1 }) },
      {
        method: "POST",
        path: "/comments",
        body: JSON.stringify({ type: "lecture", id: school.lectureId, body: "A new comment while others read." }),
      },
    ],
  };
  const search: Mix = {
    name: "search: three queries, with course changes",
    reads: [
      { method: "POST", path: "/search", body: JSON.stringify({ q: school.searchQuery }) },
      { method: "POST", path: "/search", body: JSON.stringify({ q: searchWords }) },
      { method: "POST", path: "/search", body: JSON.stringify({ q: searchWords.slice(0, 4) }) },
    ],
    writes: [
      {
        method: "PUT",
        path: `/home/courses/${school.courseId}`,
        body: JSON.stringify({ description: "Paint loose, luminous landscapes." }),
        headers: ownerHeaders,
      },
    ],
  };

  const results = [];
  const rates: Record<string, string>[] = [];
  for (const mix of [discussion, search]) {
    results.push(await run(mix, studentHeaders));
    rates.push(await hitRates(owner));
  }
  const label = values.label ? ` (${values.label})` : "";
  console.log(
    `Mixed reads and writes${label}: ${seconds} s, ${connections} connections, ${writesInTen} of 10 requests write; ${placement ?? "no pinning"}`,
  );
  console.log("| mix | req/s | server CPU µs/req | p99 ms | errors | statuses |");
  console.log("|---|---:|---:|---:|---:|---|");
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.rps} | ${r.cpuUsPerRequest.toFixed(1)} | ${r.p99} | ${r.errors} | ${JSON.stringify(r.statuses)} |`,
    );
  const shown = [
    "discussion-comment-answers",
    "discussion-reply-answers",
    "discussion-comment-pages",
    "search-answers",
    "search-index",
  ];
  for (const [index, mix] of [discussion, search].entries()) {
    const list = shown.filter((name) => rates[index]![name]).map((name) => `${name} ${rates[index]![name]}`);
    console.log(`after "${mix.name}" (counted since start): ${list.join("; ")}`);
  }
  const failed = results.some((r) => r.errors > 0 || Object.keys(r.statuses).some((s) => Number(s) >= 400));
  process.exitCode = failed ? 1 : 0;
} finally {
  await handle.close();
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
