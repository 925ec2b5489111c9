// Learning benchmark (the courses issue, item 10), in one run against the machine's ceiling:
//   1. a bare node:http server: the ceiling; and, once the sales page is cached, a bare server sending that page's
//      exact bytes (what the machine can do for an answer of that size: the load generator reads every byte);
//   2. Studium (production, SQLite, a temp DATA_DIR) with a small school (bench/learning-data.ts), measured on
//      GET /{slug} as an anonymous visitor from the rendered-page cache, and the same page without it (a second
//      server process on the same data with PAGE_CACHE_MB=0: the same address and request, rendered every time),
//      the watch page GET /{slug}/watch/{lectureId} as a student with access, and the JSON calls of the watch page
//      as that student: the lecture's comment list, a comment's replies (POST /comment/{id}/replies reads them),
//      POST /search and POST /vote;
//   3. the big data set seeded straight into the database (1,000 courses, 100,000 comments, 1,000,000 progress
//      rows, ...), the catalog cache version bumped, and every scenario measured again;
// printing req/s, the ratio to the ceiling, p99, the server's CPU µs per request and peak RSS for each, then the
// small-vs-big p99 of each scenario with the 2x check. Exits non-zero when any request failed (or a scenario
// had none answered). Before each scenario it waits for the server to go idle, so that requests the previous
// load left in flight are not counted against the next one.
// POST /vote is the one write: the student sends the same up-vote again and again, and the same value again
// takes the vote back (spec §4), so requests alternate between inserting and deleting one votes row (and
// moving the comment's up_votes_count): every request does a full write transaction, and the data does not grow.
// The load generator and each server are kept on separate cores (--pin no: leave it to the scheduler), as in
// bench/foundation.ts.
// Usage: npm run bench:learning [-- --seconds 10 --connections 50 --pin yes]
//   While working on one call: --only vote,comments (scenario keys) and --phases small (skip the big data set);
//   --cpu-prof DIR writes each Studium process's V8 CPU profile there when it stops (read it with
//   `node bench/profile-summary.ts DIR/x.cpuprofile --busiest 10`).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "#server/build.ts";
import { openDatabase } from "#platform/db/connection.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { arrangeSmallSchool, BIG, seedBigData, type SmallSchool } from "./learning-data.ts";
import { currentRssMb, measure, type Measured, separateCores, startProcess, table, settle } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    pin: { type: "string", default: "yes" },
    only: { type: "string" },
    phases: { type: "string", default: "small,big" },
    "cpu-prof": { type: "string" },
  },
});
const pin = (pid: number) => (values.pin === "no" ? undefined : separateCores([pid]));
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const pipelining = 1;
const root = path.resolve(import.meta.dirname, "..");
const startedAt = Date.now();

type ScenarioKey =
  "sales-cached" | "sales-uncached" | "catalog-uncached" | "watch" | "comments" | "replies" | "search" | "vote";
/** The scenarios whose big-data p99 must stay within 2x of the small-data figure. */
const CHECKED: ReadonlySet<ScenarioKey> = new Set(["watch", "comments", "replies", "search"]);
const MAX_P99_GROWTH = 2;

ensureBuild();

const ceilingServer = await startProcess([path.join(root, "bench/ceiling.ts")], {}, /listening at (http:\/\/\S+)/);
const placement = pin(ceilingServer.child.pid!) ?? "load generator and server wherever the scheduler puts them";
const ceiling = await measure("bare node:http (ceiling)", ceilingServer.child.pid!, {
  url: ceilingServer.url,
  seconds,
  connections,
  pipelining,
});
await ceilingServer.stop();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-"));
// One student voting thousands of times a second is the load, not a person: the per-route limits are lifted
// (RATE_LIMIT_SCALE, x100,000 unless set) but still counted, so the vote's measured path includes the limiter's write.
const serverEnv = {
  NODE_ENV: "production",
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? "100000",
};
const startStudium = async (env: Record<string, string>) => {
  const profile = values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values["cpu-prof"])}`] : [];
  const started = await startProcess(
    [...profile, path.join(root, "server/main.ts")],
    { ...serverEnv, ...env },
    /running at (http:\/\/\S+)/,
  );
  pin(started.child.pid!);
  return started;
};
const studium = await startStudium({ WORKER: "inline" });
const pid = studium.child.pid!;
const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "studium.db") });
const client = handle.driver.kind === "sqlite" ? handle.driver.client : undefined;
if (!client) throw new Error("the learning benchmark runs on SQLite");

/** A GET's answer as sent (headers and the body undecoded), for the same-bytes ceiling. */
function rawAnswer(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === "string" && name !== "date" && name !== "connection" && name !== "keep-alive")
              kept[name] = value;
          }
          resolve({ headers: kept, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

/** Fails loudly before measuring when a scenario would not answer what it should. */
async function expectOk(what: string, response: Response, check: (text: string) => boolean) {
  const text = await response.text();
  if (response.status !== 200 || !check(text)) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
}

try {
  // Arrange: the school, its owner, and the student (registered through the API, so the session is real).
  await setUpBenchSchool(studium.url);
  const currency = "EUR";
  const student = new BrowserClient(studium.url);
  await student.page("/register");
  const registered = await student.post("/register", {
    name: "Bench Student",
    email: "student@bench.test",
    password: "bench-password",
  });
  if (registered.status !== 200) throw new Error(`registration failed: ${registered.status}`);
  const ids = client
    .prepare("select id, role from users where email in ('owner@bench.test', 'student@bench.test')")
    .all() as { id: number; role: string }[];
  const ownerId = ids.find((u) => u.role === "admin")!.id;
  const studentId = ids.find((u) => u.role === "student")!.id;
  const school: SmallSchool = arrangeSmallSchool(client, { ownerId, studentId, currency });
  await student.page(`/${school.slug}/watch/${school.lectureId}`);
  const cookie = [...student.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const jsonHeaders = {
    cookie,
    accept: "application/json",
    "content-type": "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-csrf-token": student.csrfToken,
    origin: studium.url,
  };

  // What a browser sends for a page: it takes compressed answers (brotli or gzip).
  const browserPageHeaders = { accept: "text/html", "accept-encoding": "gzip, deflate, br, zstd" };

  type Scenario = {
    key: ScenarioKey;
    name: string;
    path: string;
    method: "GET" | "POST";
    body?: string;
    headers: Record<string, string>;
    uncached?: true;
    expect: (text: string) => boolean;
  };
  const scenarios: Scenario[] = [
    {
      key: "sales-cached",
      name: "GET /{slug} anonymous, page cache",
      path: `/${school.slug}`,
      method: "GET",
      headers: browserPageHeaders,
      expect: (t) => t.includes("Watercolour painting"),
    },
    {
      key: "sales-uncached",
      name: "GET /{slug} anonymous, no page cache",
      path: `/${school.slug}`,
      method: "GET",
      headers: browserPageHeaders,
      uncached: true,
      expect: (t) => t.includes("Watercolour painting"),
    },
    {
      key: "catalog-uncached",
      name: "GET /courses anonymous, no page cache",
      path: "/courses",
      method: "GET",
      headers: browserPageHeaders,
      uncached: true,
      expect: (t) => t.includes("Watercolour painting"),
    },
    {
      key: "watch",
      name: "GET /{slug}/watch/{lecture} student",
      path: `/${school.slug}/watch/${school.lectureId}`,
      method: "GET",
      headers: { ...browserPageHeaders, cookie },
      expect: (t) => t.includes("Washes"),
    },
    {
      key: "comments",
      name: "POST /json/lectures/{id}/comments (list)",
      path: `/json/lectures/${school.lectureId}/comments`,
      method: "POST",
      body: "{}",
      headers: jsonHeaders,
      expect: (t) => (JSON.parse(t) as { comments: unknown[] }).comments.length === 20,
    },
    {
      key: "replies",
      name: "POST /comment/{id}/replies (list)",
      path: `/comment/${school.commentId}/replies`,
      method: "POST",
      body: "{}",
      headers: jsonHeaders,
      expect: (t) => (JSON.parse(t) as { replies: unknown[] }).replies.length === 5,
    },
    {
      key: "search",
      name: "POST /search",
      path: "/search",
      method: "POST",
      body: JSON.stringify({ q: school.searchQuery }),
      headers: jsonHeaders,
      expect: (t) => (JSON.parse(t) as { courses: unknown[] }).courses.length > 0,
    },
    {
      key: "vote",
      name: "POST /vote (write)",
      path: "/vote",
      method: "POST",
      body: JSON.stringify({ type: "comment", id: school.commentId, value: 1 }),
      headers: jsonHeaders,
      expect: (t) => "up_votes_count" in JSON.parse(t),
    },
  ];

  if (values.only) {
    const wanted = new Set(values.only.split(","));
    scenarios.splice(0, scenarios.length, ...scenarios.filter((scenario) => wanted.has(scenario.key)));
  }
  // A bare server answering the cached sales page's exact bytes and headers.
  let pageCeiling: Measured | undefined;
  async function measurePageCeiling(url: string, headers: Record<string, string>): Promise<Measured> {
    const answer = await rawAnswer(url, headers);
    const file = path.join(dataDir, "page-answer.json");
    fs.writeFileSync(file, JSON.stringify({ headers: answer.headers, body: answer.body.toString("base64") }));
    const bare = await startProcess(
      [path.join(root, "bench/ceiling.ts")],
      { CEILING_ANSWER: file },
      /listening at (http:\/\/\S+)/,
    );
    pin(bare.child.pid!);
    try {
      return await measure(`bare node:http, the cached page's ${answer.body.length} bytes`, bare.child.pid!, {
        url: bare.url,
        headers,
        seconds,
        connections,
        pipelining,
      });
    } finally {
      await bare.stop();
    }
  }

  // POST /vote's same-work limit (bench/vote-limit.ts): the vote's statements through bare better-sqlite3 on this
  // database, behind a bare node:http server, measured right after Studium's vote with the same request.
  let voteLimit: Measured | undefined;
  async function measureVoteLimit(scenario: Scenario): Promise<Measured> {
    const bare = await startProcess(
      [path.join(root, "bench/vote-limit.ts")],
      {
        VOTE_LIMIT: JSON.stringify({
          file: path.join(dataDir, "studium.db"),
          userId: studentId,
          commentId: school.commentId,
        }),
      },
      /listening at (http:\/\/\S+)/,
    );
    pin(bare.child.pid!);
    try {
      const url = bare.url + scenario.path;
      await expectOk(
        "the vote's same-work limit",
        await fetch(url, { method: scenario.method, headers: scenario.headers, body: scenario.body }),
        scenario.expect,
      );
      return await measure(
        "bare node:http + better-sqlite3, the vote's statements (same-work limit)",
        bare.child.pid!,
        {
          url,
          method: scenario.method,
          headers: scenario.headers,
          body: scenario.body,
          seconds,
          connections,
          pipelining,
        },
      );
    } finally {
      await bare.stop();
    }
  }

  const votes = () => (client.prepare("select count(*) as n from votes").get() as { n: number }).n;
  const voteRowsCreated: Record<string, number> = {};

  async function measurePhase(phase: "small" | "big"): Promise<Map<ScenarioKey, Measured>> {
    const results = new Map<ScenarioKey, Measured>();
    for (const scenario of scenarios) {
      const server = scenario.uncached ? await startStudium({ WORKER: "off", PAGE_CACHE_MB: "0" }) : studium;
      try {
        const url = server.url + scenario.path;
        const probe = await fetch(url, {
          method: scenario.method,
          headers: scenario.headers,
          body: scenario.body,
          redirect: "manual",
        });
        const cacheState = probe.headers.get("x-page-cache");
        await expectOk(`${phase} ${scenario.name}`, probe, scenario.expect);
        if (scenario.key === "sales-cached") {
          // The first anonymous visit stores the page; from then on it must be a hit.
          const again = await fetch(url, { headers: scenario.headers });
          await again.arrayBuffer();
          if (again.headers.get("x-page-cache") !== "hit")
            throw new Error(`the sales page was not served from the cache (${again.headers.get("x-page-cache")})`);
        } else if (scenario.uncached && cacheState === "hit") {
          throw new Error("PAGE_CACHE_MB=0 still served the sales page from the cache");
        }
        await settle(server.child.pid!);
        const votesBefore = votes();
        results.set(
          scenario.key,
          await measure(`${phase}: ${scenario.name}`, server.child.pid!, {
            url,
            method: scenario.method,
            headers: scenario.headers,
            body: scenario.body,
            seconds,
            connections,
            pipelining,
          }),
        );
        if (scenario.key === "vote") voteRowsCreated[phase] = votes() - votesBefore;
        if (scenario.key === "vote" && phase === "small") voteLimit = await measureVoteLimit(scenario);
        if (scenario.key === "sales-cached" && phase === "small")
          pageCeiling = await measurePageCeiling(url, scenario.headers);
      } finally {
        if (server !== studium) await server.stop();
      }
    }
    return results;
  }

  const small = await measurePhase("small");
  const smallRss = currentRssMb(pid);

  await settle(pid);
  const seedStarted = performance.now();
  const withBig = values.phases.split(",").includes("big");
  const seeded = withBig ? seedBigData(client, { studentId, lectureId: school.lectureId, currency }) : undefined;
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const big = withBig ? await measurePhase("big") : new Map<ScenarioKey, Measured>();

  console.log(
    `\nStudium learning benchmark — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, SQLite`,
  );
  console.log(`${seconds} s per scenario after 1 s of warm-up, ${connections} connections; ${placement}.`);
  console.log(
    `Small school: 5 courses, the student's course with 12 lectures, 30 comments under the measured lecture. ` +
      `Big set: ${Object.entries(seeded?.counts ?? {})
        .map(([t, n]) => `${t} ${n.toLocaleString("en")}`)
        .join(", ")} ` +
      `(${(BIG.comments / BIG.measuredLectureEvery).toLocaleString("en")} more comments under the measured lecture), ` +
      `seeded in ${seedSeconds.toFixed(1)} s (${Object.entries(seeded?.seconds ?? {})
        .map(([step, s]) => `${step} ${s}`)
        .join(", ")}).\n`,
  );
  console.log(
    table(
      [...(pageCeiling ? [pageCeiling] : []), ...(voteLimit ? [voteLimit] : []), ...small.values(), ...big.values()],
      ceiling,
    ),
  );

  console.log("\n| scenario | p99 small ms | p99 big ms | big / small | within 2x |\n|---|---:|---:|---:|---|");
  let growthFailed = false;
  for (const scenario of scenarios) {
    const before = small.get(scenario.key)!;
    const after = big.get(scenario.key);
    if (!after) continue;
    const checked = CHECKED.has(scenario.key);
    // A phase in which no request was answered has no p99 (the machine was too slow for the run's length).
    if (before.rps === 0 || after.rps === 0) {
      console.log(
        `| ${scenario.name} | ${before.p99} | ${after.p99} | - | ${checked ? "no answers" : "(not required)"} |`,
      );
      continue;
    }
    const ratio = after.p99 / Math.max(before.p99, 0.001);
    if (checked && ratio > MAX_P99_GROWTH) growthFailed = true;
    const verdict = checked ? (ratio <= MAX_P99_GROWTH ? "yes" : "NO") : "(not required)";
    console.log(`| ${scenario.name} | ${before.p99} | ${after.p99} | ${ratio.toFixed(2)} | ${verdict} |`);
  }

  const cached = small.get("sales-cached");
  const uncached = small.get("sales-uncached");
  const jsonKeys: ScenarioKey[] = ["comments", "replies", "search", "vote"];
  if (cached) {
    console.log(
      `\nSales page from the cache: ${(cached.rps / ceiling.rps).toFixed(2)} of the ceiling's req/s (target >= 0.50)` +
        (pageCeiling ? `; ${(cached.rps / pageCeiling.rps).toFixed(2)} of a bare server sending the same bytes` : "") +
        (uncached ? `; without the cache ${(uncached.rps / ceiling.rps).toFixed(2)}` : ""),
    );
  }
  for (const key of jsonKeys) {
    const row = small.get(key);
    if (!row) continue;
    console.log(
      `${row.name.replace("small: ", "")}: ${(row.rps / ceiling.rps).toFixed(2)} of the ceiling's req/s (target >= 0.33)`,
    );
  }
  const vote = small.get("vote");
  if (vote && voteLimit) {
    console.log(
      `POST /vote: ${vote.cpuUsPerRequest.toFixed(1)} µs of server CPU a request, its same-work limit ` +
        `${voteLimit.cpuUsPerRequest.toFixed(1)} µs: ${(vote.cpuUsPerRequest / voteLimit.cpuUsPerRequest).toFixed(2)}x (target <= 2)`,
    );
  }
  // (the uncached sales page ran in its own process: its row shows that process's peak)
  const peak = Math.max(
    ...[small, big].flatMap((phase) =>
      [...phase].filter(([key]) => key !== "sales-uncached").map(([, row]) => row.peakRssMb),
    ),
  );
  console.log(
    `Server peak RSS under load: ${peak} MB (RSS after the small phase ${smallRss} MB, at the end ${currentRssMb(pid)} MB)`,
  );
  console.log(
    `POST /vote changed the number of votes rows by ${voteRowsCreated.small ?? "?"} (small) and ${voteRowsCreated.big ?? "?"} (big): it toggles one vote`,
  );
  console.log(`Whole run: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  if (growthFailed) console.log("Some big-data p99 grew more than 2x over the small-data figure (see above).");
  const rows = [...small.values(), ...big.values()];
  if (rows.some((row) => row.rps === 0)) {
    console.error(
      "A scenario had no request answered within the run (a machine too busy for --seconds): run it longer.",
    );
    process.exitCode = 1;
  }
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) {
    console.error("Some requests failed: the figures above are not valid.");
    process.exitCode = 1;
  }
} finally {
  await handle.close();
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
