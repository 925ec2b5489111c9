// Launch-day benchmark (the performance issue, item 4): one server process under a realistic mix at once, not
// phase by phase. A school set up with the sample content (through the API, so it runs on SQLite and PostgreSQL)
// takes, in the shares of KINDS below: anonymous visitors on the sales page and the home page, students on the
// watch page recording progress, reading the lecture's comments, commenting, voting and searching, and buyers who
// just paid polling their payment's status. Each kind is sent at an even pace (its share of the total rate,
// ./paced-load.ts), so every kind has its own latencies; all of them run at the same time against one server.
//   1. Each kind alone, closed loop for a few seconds: the server's CPU per request of that kind.
//   2. The sustained rate: the total rate rises by half until a step fails (a kind's p99 over --p99 ms, an error, a
//      non-2xx answer or an answer still missing 10 s after the step), then is bisected between the last step that
//      held and the first that did not. The highest rate that held is what one core sustains.
//   3. At 80% of that rate: each kind's p50 and p99 (the issue's target: p99 within 3x of p50), the server's CPU
//      per request over the mix, and its peak memory.
// Latency is counted from the moment a request was due, so a server that falls behind shows it instead of being
// asked less. The load generator and the server are kept on separate cores (--pin no: leave it to the scheduler).
// Usage: node bench/launch-day.ts [--database sqlite|postgres --seconds 8 --start 100 --p99 250 --pin yes]
//   --database postgres takes TEST_DATABASE_URL (or DATABASE_URL; default postgres://postgres@127.0.0.1:5432/test)
//   as the server to use, creates a fresh database bench_launch_<random> there and drops it at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "#server/build.ts";
import { openDatabase } from "#platform/db/connection.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { grantAccess } from "#tests/helpers/discussion-fixtures.ts";
import {
  cpuTimeUs,
  currentRssMb,
  freshPostgresDatabase,
  measure,
  peakRssMb,
  separateCores,
  settle,
  startProcess,
} from "./lib.ts";
import { pacedLoad } from "./paced-load.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "sqlite" },
    seconds: { type: "string", default: "8" },
    start: { type: "string", default: "100" },
    p99: { type: "string", default: "250" },
    pin: { type: "string", default: "yes" },
  },
});
const onPostgres = values.database === "postgres";
if (!onPostgres && values.database !== "sqlite") throw new Error("--database is sqlite or postgres");
const seconds = Number(values.seconds);
const p99Limit = Number(values.p99);
const root = path.resolve(import.meta.dirname, "..");
const STUDENTS = 20;
const BISECTIONS = 3;
const startedAt = Date.now();

/** The kinds of request and their share of a launch day's traffic (visitors first: they are most of it). */
const KINDS = [
  { key: "sales", name: "GET /{slug} anonymous (sales page)", share: 0.3 },
  { key: "home", name: "GET / anonymous (home page)", share: 0.1 },
  { key: "watch", name: "GET /{slug}/watch/{lecture} student", share: 0.15 },
  { key: "progress", name: "POST /lecture/{id}/watch (progress)", share: 0.1 },
  { key: "comments", name: "POST /json/lectures/{id}/comments (list)", share: 0.1 },
  { key: "comment", name: "POST /comments (new comment)", share: 0.02 },
  { key: "vote", name: "POST /vote", share: 0.05 },
  { key: "search", name: "POST /search", share: 0.05 },
  { key: "poll", name: "POST /transaction/{hash}/pending (status poll)", share: 0.13 },
] as const;
type KindKey = (typeof KINDS)[number]["key"];
type Request = { method: "GET" | "POST"; path: string; body?: string; headers: Record<string, string> };

ensureBuild();

// PostgreSQL: a fresh database on the given server, dropped at the end.
const postgres = onPostgres ? await freshPostgresDatabase("bench_launch") : undefined;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-launch-"));
const studium = await startProcess(
  [path.join(root, "server/main.ts")],
  {
    NODE_ENV: "production",
    TEST_PAYMENTS: "on",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WORKER: "inline",
    PASSWORD_SCRYPT_N: "16384",
    // Twenty students sending hundreds of requests a second are the load, not people: limits lifted, still counted.
    RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? "100000",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  },
  /running at (http:\/\/\S+)/,
);
const pid = studium.child.pid!;
const placement =
  (values.pin === "no" ? undefined : separateCores([pid])) ??
  "load generator and server wherever the scheduler puts them";
const handle = openDatabase(
  postgres ? { kind: "postgres", url: postgres.url } : { kind: "sqlite", file: path.join(dataDir, "studium.db") },
);
const db = handle.db;

function cookieOf(client: BrowserClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

function jsonHeaders(client: BrowserClient): Record<string, string> {
  return {
    cookie: cookieOf(client),
    accept: "application/json",
    "content-type": "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-csrf-token": client.csrfToken,
    origin: studium.url,
  };
}

// What a browser sends for a page: it takes compressed answers.
const pageHeaders = { accept: "text/html", "accept-encoding": "gzip, deflate, br, zstd" };

/** Sets the school up with the sample content, 20 students with access and a paid purchase; each kind's requests. */
async function arrange(): Promise<Record<KindKey, Request[]>> {
  await setUpBenchSchool(studium.url, { sample: true, schoolName: "Launch Academy" });
  await db.updateTable("integrations").set({ enabled: 1 }).where("provider", "=", "test").execute();
  const course = await db
    .selectFrom("courses")
    .select(["id", "slug", "title"])
    .where("status", "=", "published")
    .where("price_cents", ">", 0)
    .executeTakeFirstOrThrow();
  // The lecture with the most comments: the one the students are talking about.
  const lecture = await db
    .selectFrom("comments as c")
    .innerJoin("lectures as l", "l.id", "c.commentable_id")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .select(["l.id", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.min("c.id").as("comment_id")])
    .where("c.commentable_type", "=", "lecture")
    .where("s.course_id", "=", course.id)
    .groupBy("l.id")
    .orderBy("n", "desc")
    .executeTakeFirstOrThrow();

  // One after another: twenty password hashes at once would hold 20 x 16 MB of scrypt memory and make the peak RSS
  // the arrangement's, not the load's.
  const students: BrowserClient[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const student = new BrowserClient(studium.url);
    await student.page("/register");
    const email = `student${i}@bench.test`;
    const answer = await student.post("/register", { name: `Student ${i}`, email, password: "bench-password" });
    if (answer.status !== 200) throw new Error(`registration failed: ${answer.status}`);
    const { id } = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await grantAccess(db, id, course.id);
    await student.page(`/${course.slug}/watch/${lecture.id}`);
    students.push(student);
  }
  const buyer = students[0]!;
  const started = await buyer.post(`/${course.slug}/onepagecheckout`, {
    name: "Bench Buyer",
    terms: true,
    provider: "test",
    quantity: 2,
  });
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const paid = await buyer.post(`/payments/test/${started.body.hash}/pay`);
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status}`);

  const query = course.title.split(/\s+/).slice(0, 2).join(" ");
  const each = (make: (student: BrowserClient, i: number) => Request) => students.map(make);
  return {
    sales: [{ method: "GET", path: `/${course.slug}`, headers: pageHeaders }],
    home: [{ method: "GET", path: "/", headers: pageHeaders }],
    watch: each((s) => ({
      method: "GET",
      path: `/${course.slug}/watch/${lecture.id}`,
      headers: { ...pageHeaders, cookie: cookieOf(s) },
    })),
    progress: each((s) => ({
      method: "POST",
      path: `/lecture/${lecture.id}/watch`,
      body: "{}",
      headers: jsonHeaders(s),
    })),
    comments: each((s) => ({
      method: "POST",
      path: `/json/lectures/${lecture.id}/comments`,
      body: "{}",
      headers: jsonHeaders(s),
    })),
    comment: each((s, i) => ({
      method: "POST",
      path: "/comments",
      body: JSON.stringify({ type: "lecture", id: lecture.id, body: `Launch day question from student ${i}`, file: 0 }),
      headers: jsonHeaders(s),
    })),
    // The same value again takes the vote back (spec §4): the data does not grow.
    vote: each((s) => ({
      method: "POST",
      path: "/vote",
      body: JSON.stringify({ type: "comment", id: lecture.comment_id, value: 1 }),
      headers: jsonHeaders(s),
    })),
    search: each((s) => ({
      method: "POST",
      path: "/search",
      body: JSON.stringify({ q: query }),
      headers: jsonHeaders(s),
    })),
    poll: [
      {
        method: "POST",
        path: `/transaction/${started.body.hash}/pending`,
        // As the status page sends it (app/features/purchase/use-payment-status.ts): no body, no content type.
        headers: (({ "content-type": _, ...rest }) => ({ ...rest, "content-length": "0" }))(jsonHeaders(buyer)),
      },
    ],
  };
}

/** Fails loudly before measuring when a request would not answer 200. */
async function probe(requests: Record<KindKey, Request[]>) {
  for (const kind of KINDS) {
    const request = requests[kind.key][0]!;
    const response = await fetch(`${studium.url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${kind.name}: ${response.status} ${text.slice(0, 300)}`);
  }
}

type KindResult = { rate: number; answered: number; p50: number; p99: number; failed: number };
type Step = { rate: number; held: boolean; kinds: Record<KindKey, KindResult>; cpuUsPerRequest: number };

/** The whole mix at `total` requests a second for `duration` seconds, each kind at its share, evenly paced. */
async function mixAt(requests: Record<KindKey, Request[]>, total: number, duration: number): Promise<Step> {
  const before = cpuTimeUs(pid);
  const results = await Promise.all(
    KINDS.map((kind) =>
      pacedLoad(studium.url, requests[kind.key], { rate: Math.max(1, total * kind.share), seconds: duration }),
    ),
  );
  const cpu = cpuTimeUs(pid) - before;
  const kinds = {} as Record<KindKey, KindResult>;
  let answered = 0;
  let held = true;
  for (const [i, kind] of KINDS.entries()) {
    const result = results[i]!;
    const entry: KindResult = {
      rate: Math.round(Math.max(1, total * kind.share) * 10) / 10,
      answered: result.ok,
      p50: result.p50,
      p99: result.p99,
      failed: result.failed,
    };
    kinds[kind.key] = entry;
    answered += entry.answered;
    if (entry.failed > 0 || entry.p99 > p99Limit) held = false;
  }
  return { rate: total, held, kinds, cpuUsPerRequest: cpu / Math.max(1, answered) };
}

function stepLine(step: Step): string {
  const worst = KINDS.reduce((a, b) => (step.kinds[a.key].p99 >= step.kinds[b.key].p99 ? a : b));
  const failing = KINDS.filter((kind) => step.kinds[kind.key].failed > 0).map(
    (kind) => `${kind.key} ${step.kinds[kind.key].failed} failed or late`,
  );
  return `${step.rate} req/s: ${step.held ? "held" : "did not hold"} (worst p99 ${step.kinds[worst.key].p99} ms, ${worst.key}; ${step.cpuUsPerRequest.toFixed(0)} µs CPU per request${failing.length ? `; ${failing.join("; ")}` : ""})`;
}

try {
  const requests = await arrange();
  await probe(requests);

  // 1. Each kind alone: its CPU per request (closed loop, 10 connections).
  const alone: Record<string, number> = {};
  for (const kind of KINDS) {
    await settle(pid);
    const request = requests[kind.key][0]!;
    const measured = await measure(kind.name, pid, {
      url: `${studium.url}${request.path}`,
      method: request.method,
      headers: request.headers,
      body: request.body,
      seconds: Math.min(4, seconds),
      connections: 10,
      pipelining: 1,
    });
    alone[kind.key] = measured.cpuUsPerRequest;
    console.error(`alone: ${kind.key} ${measured.cpuUsPerRequest.toFixed(0)} µs/req, ${measured.rps} req/s`);
  }

  // 2. The sustained rate.
  const steps: Step[] = [];
  let good: Step | undefined;
  let bad: Step | undefined;
  let rate = Number(values.start);
  // Up by half while steps hold; when the first does not, down by half until one does.
  while (!good || !bad) {
    await settle(pid);
    await mixAt(requests, rate, 1);
    const step = await mixAt(requests, rate, seconds);
    steps.push(step);
    console.error(stepLine(step));
    if (step.held) {
      good = step;
      if (bad) break;
      rate = Math.round(rate * 1.5);
    } else {
      bad = step;
      if (good) break;
      rate = Math.floor(rate / 2);
      if (rate < 2) break;
    }
  }
  for (let i = 0; i < BISECTIONS && good && bad; i++) {
    const middle = Math.round((good.rate + bad.rate) / 2);
    if (middle === good.rate || middle === bad.rate) break;
    await settle(pid);
    const step = await mixAt(requests, middle, seconds);
    steps.push(step);
    console.error(stepLine(step));
    if (step.held) good = step;
    else bad = step;
  }
  if (!good || !bad) throw new Error("no rate held, not even 2 req/s");

  // 3. At 80% of it.
  await settle(pid);
  const at80 = await mixAt(requests, Math.round(good.rate * 0.8), seconds);
  const peak = peakRssMb(pid);
  await settle(pid);
  const idle = currentRssMb(pid);

  const lines = [
    `## Launch day on ${onPostgres ? "PostgreSQL" : "SQLite"} (${new Date().toISOString().slice(0, 10)})`,
    "",
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}); ${placement}; ${seconds} s a step; ` +
      `a step holds when every kind's p99 is at most ${p99Limit} ms, nothing fails and every answer comes.`,
    "",
    `Sustained: **${good.rate} req/s** held (${bad.rate} did not). Steps: ${steps.map((s) => `${s.rate}${s.held ? "" : "✗"}`).join(", ")}.`,
    "",
    `At 80% (${at80.rate} req/s): server CPU ${at80.cpuUsPerRequest.toFixed(0)} µs per request over the mix, peak RSS ${peak} MB (the whole run's), ${idle} MB idle after it.`,
    "",
    "| kind | share | alone: server CPU µs/req | rate at 80% | answered | p50 ms | p99 ms | p99 / p50 | within 3x | failed |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|",
    ...KINDS.map((kind) => {
      const k = at80.kinds[kind.key];
      const ratio = k.p99 / Math.max(1, k.p50);
      return `| ${kind.name} | ${Math.round(kind.share * 100)}% | ${alone[kind.key]!.toFixed(0)} | ${k.rate} | ${k.answered} | ${k.p50} | ${k.p99} | ${ratio.toFixed(1)} | ${ratio <= 3 ? "yes" : "NO"} | ${k.failed} |`;
    }),
    "",
    `Whole run: ${Math.round((Date.now() - startedAt) / 1000)} s`,
  ];
  console.log(lines.join("\n"));
} finally {
  await studium.stop();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
}
