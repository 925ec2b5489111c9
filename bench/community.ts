// Community benchmark (the community issue, item 12), in one run:
//   1. Studium (production, a temp DATA_DIR; SQLite, or PostgreSQL with --database postgres) with a school set up
//      through the API (owner, and a student registered and logged in), a restricted topic the student holds the
//      key to (a product they own) and four public topics beside it;
//   2. phase small: 1,000 posts of 300-600 characters across the five topics (every fifth in the measured one, an
//      image on every twentieth), seeded straight into the database in one transaction; measured, as the student
//      with the requests a browser sends (accept-encoding: gzip, br):
//        - GET /community/topics/{id}: the topic page, its newest page of posts (SSR, compressed);
//        - POST /json/community/topics/{id}: the topic's feed JSON (the CSRF header as the app sends it);
//   3. phase big: posts added up to 100,000 (batched inserts in one transaction), measured again;
// printing the server's CPU µs per request, req/s, p99 and, on PostgreSQL, the CPU of the PostgreSQL backends
// serving the server (from /proc, per request), then the p99 of big over small with the 1.5x check and the CPU
// targets (the page at most 3 ms, the feed JSON at most 0.2 ms). Exits non-zero when a request failed.
// The load generator and the server are kept on separate cores (--pin no: leave it to the scheduler).
// Usage: npm run bench:community [-- --seconds 10 --connections 50 --phases small,big --database postgres]
//   --database postgres takes TEST_DATABASE_URL (or DATABASE_URL; default postgres://postgres@127.0.0.1:5432/test)
//   as the server to use, creates a fresh database bench_community_<random> there and drops it at the end.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { ensureBuild } from "#server/build.ts";
import { nowIso, openDatabase } from "#platform/db/connection.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { cpuTimeUs, type Measured, measure, separateCores, startProcess, settle } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    pin: { type: "string", default: "yes" },
    phases: { type: "string", default: "small,big" },
    database: { type: "string", default: "sqlite" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const phases = values.phases.split(",");
const onPostgres = values.database === "postgres";
if (!onPostgres && values.database !== "sqlite") throw new Error("--database is sqlite or postgres");
const root = path.resolve(import.meta.dirname, "..");
const startedAt = Date.now();

const SMALL_POSTS = 1_000;
const BIG_POSTS = 100_000;
const TOPICS = 5;
/** The targets of the issue: a fifth of NodeBB's gzipped topic page, a tenth of its topic JSON, p99 within 1.5x. */
const PAGE_CPU_TARGET_US = 3_000;
const FEED_CPU_TARGET_US = 200;
const MAX_P99_GROWTH = 1.5;

ensureBuild();

// The machine's ceiling (a bare node:http server answering a small JSON body): its CPU µs per request tells how
// fast this machine is at the time of the run (11 µs when quiet, bench/README.md), so runs compare by the ratio.
const ceilingServer = await startProcess([path.join(root, "bench/ceiling.ts")], {}, /listening at (http:\/\/\S+)/);
if (values.pin !== "no") separateCores([ceilingServer.child.pid!]);
const ceiling = await measure("bare node:http (ceiling)", ceilingServer.child.pid!, {
  url: ceilingServer.url,
  seconds,
  connections,
  pipelining: 1,
});
await ceilingServer.stop();

// PostgreSQL: a fresh database on the given server, dropped at the end.
const pgBase = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const pgName = `bench_community_${crypto.randomBytes(4).toString("hex")}`;
const pgUrl = (() => {
  const url = new URL(pgBase);
  url.pathname = `/${pgName}`;
  return url.toString();
})();
async function pgAdmin(sql: string) {
  const client = new pg.Client({ connectionString: pgBase });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
if (onPostgres) await pgAdmin(`CREATE DATABASE ${pgName}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-community-"));
const studium = await startProcess(
  [path.join(root, "server/main.ts")],
  {
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WORKER: "inline",
    // One student reading thousands of times a second is the load, not a person: the limits are lifted, still counted.
    RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? "100000",
    ...(onPostgres ? { DATABASE_URL: pgUrl } : {}),
  },
  /running at (http:\/\/\S+)/,
);
const pid = studium.child.pid!;
const placement =
  (values.pin === "no" ? undefined : separateCores([pid])) ??
  "load generator and server wherever the scheduler puts them";
const handle = openDatabase(
  onPostgres ? { kind: "postgres", url: pgUrl } : { kind: "sqlite", file: path.join(dataDir, "studium.db") },
);
const db = handle.db;

/** The CPU time so far of each PostgreSQL backend connected to the bench database (this query's own left out). */
async function postgresCpuByPid(): Promise<Map<number, number> | undefined> {
  if (!onPostgres) return undefined;
  const client = new pg.Client({ connectionString: pgBase });
  await client.connect();
  let rows: { pid: number }[];
  try {
    ({ rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [pgName],
    ));
  } finally {
    await client.end();
  }
  const times = new Map<number, number>();
  for (const row of rows) {
    try {
      times.set(row.pid, cpuTimeUs(row.pid));
    } catch {
      return undefined; // not on this machine, or /proc not readable
    }
  }
  return times;
}

/**
 * The backends' CPU between two readings: a backend that started in between counts whole; one that ended in
 * between (the pool closing an idle connection) is lost, so the figure is then a floor (`complete` false).
 */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>) {
  let us = 0;
  for (const [pid, time] of after) us += time - (before.get(pid) ?? 0);
  const complete = [...before.keys()].every((pid) => after.has(pid));
  return { us, complete };
}

const WORDS =
  "paint wash layer paper brush pigment light shadow water colour texture glaze dry wet edge sky tree river hill " +
  "stroke blend tone value warm cool palette sketch study detail background foreground";
const WORD_LIST = WORDS.split(" ");
/** A post body of 300-600 characters, different for each n. */
function postBody(n: number): string {
  const length = 300 + ((n * 7919) % 301);
  let text = `Post ${n}: `;
  let i = n;
  while (text.length < length) {
    text += `${WORD_LIST[i % WORD_LIST.length]} `;
    i = (i * 31 + 7) % 100_003;
  }
  return text.slice(0, length).trimEnd() + ".";
}

type Arranged = { topicIds: number[]; authorIds: number[]; measuredTopicId: number };

/** Inserts posts numbered from..to-1 across the topics (post n goes to topic n % TOPICS), oldest first. */
async function seedPosts(arranged: Arranged, from: number, to: number) {
  const base = Date.parse("2026-01-01T00:00:00Z");
  const batch = onPostgres ? 2_000 : 1_000;
  await db.transaction().execute(async (trx) => {
    for (let start = from; start < to; start += batch) {
      const rows = [];
      for (let n = start; n < Math.min(to, start + batch); n++) {
        const at = new Date(base + n * 60_000).toISOString();
        const image = n % 20 === 0;
        rows.push({
          topic_id: arranged.topicIds[n % TOPICS]!,
          user_id: arranged.authorIds[n % arranged.authorIds.length]!,
          title: `Bench post ${n}`,
          body: postBody(n),
          image: image ? `community/bench-${n}.jpg` : null,
          image_width: image ? 800 : null,
          image_height: image ? 600 : null,
          video_url: null,
          video_id: null,
          pinned_at: null,
          hidden_at: null,
          up_votes_count: n % 7,
          created_at: at,
          updated_at: at,
        });
      }
      await trx.insertInto("community_posts").values(rows).execute();
    }
  });
}

/** Fails loudly before measuring when a scenario would not answer what it should. */
async function expectOk(what: string, response: Response, check: (text: string) => boolean) {
  const text = await response.text();
  if (response.status !== 200 || !check(text)) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
}

type Row = Measured & { postgresCpuUsPerRequest?: number; postgresComplete?: boolean };

try {
  // The school, its owner, and the student (registered through the API, so the session is real).
  await setUpBenchSchool(studium.url);
  const student = new BrowserClient(studium.url);
  await student.page("/register");
  const registered = await student.post("/register", {
    name: "Bench Student",
    email: "student@bench.test",
    password: "bench-password",
  });
  if (registered.status !== 200) throw new Error(`registration failed: ${registered.status}`);
  const { id: studentId, password_hash } = await db
    .selectFrom("users")
    .select(["id", "password_hash"])
    .where("email", "=", "student@bench.test")
    .executeTakeFirstOrThrow();

  // The key (a product the student owns), the measured restricted topic and four public ones, 20 authors.
  const now = nowIso();
  const arranged: Arranged = await db.transaction().execute(async (trx) => {
    const { id: productId } = await trx
      .insertInto("products")
      .values({
        kind: "file",
        course_id: null,
        slug: "members-pack",
        title: "Members' pack",
        status: "published",
        currency: "EUR",
        access_days: null,
        access_ends_at: null,
        event_starts_at: null,
        file_key: null,
        file_name: null,
        cover_image: null,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("product_access")
      .values({
        user_id: studentId,
        product_id: productId,
        transaction_id: null,
        starts_at: now,
        ends_at: null,
        revoked_at: null,
        created_at: now,
      })
      .execute();
    const topicIds: number[] = [];
    for (let i = 0; i < TOPICS; i++) {
      const { id } = await trx
        .insertInto("community_topics")
        .values({
          title: i === 0 ? "Members' studio" : `Open topic ${i}`,
          description: i === 0 ? "Share your work with the other members." : `What open topic ${i} is about`,
          visibility: i === 0 ? "restricted" : "public",
          allow_students_to_add_posts: 1,
          position: i,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      topicIds.push(id);
    }
    await trx
      .insertInto("community_topic_products")
      .values({ topic_id: topicIds[0]!, product_id: productId })
      .execute();
    const authorIds: number[] = [studentId];
    for (let i = 1; i < 20; i++) {
      const { id } = await trx
        .insertInto("users")
        .values({
          email: `member${i}@bench.test`,
          name: `Member ${i}`,
          password_hash,
          role: "student",
          email_notifications: "{}",
          posting_paused_until: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      authorIds.push(id);
    }
    return { topicIds, authorIds, measuredTopicId: topicIds[0]! };
  });

  const seedSeconds: Record<string, number> = {};
  let seedStarted = performance.now();
  await seedPosts(arranged, 0, SMALL_POSTS);
  seedSeconds.small = (performance.now() - seedStarted) / 1000;

  await student.page(`/community/topics/${arranged.measuredTopicId}`);
  const cookie = [...student.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const browser = { "accept-encoding": "gzip, br" };
  const topicPath = `/community/topics/${arranged.measuredTopicId}`;
  const scenarios = [
    {
      key: "page",
      name: "GET /community/topics/{id} student, compressed",
      path: topicPath,
      method: "GET" as const,
      headers: { ...browser, accept: "text/html", cookie },
      body: undefined,
      /** the newest post of the topic is on the page */
      expect: (text: string, newest: number) => text.includes(`Bench post ${newest}<`),
    },
    {
      key: "feed",
      name: "POST /json/community/topics/{id} (feed JSON)",
      path: `/json${topicPath}`,
      method: "POST" as const,
      headers: {
        ...browser,
        cookie,
        accept: "application/json",
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        "x-csrf-token": student.csrfToken,
        origin: studium.url,
      },
      body: "{}",
      expect: (text: string, newest: number) => {
        const feed = JSON.parse(text) as { community_posts: { data: { title: string }[] } };
        return (
          feed.community_posts.data.length === 10 && feed.community_posts.data[0]!.title === `Bench post ${newest}`
        );
      },
    },
  ];

  /** The newest post of the measured topic once `total` posts exist (post n is in topic n % TOPICS). */
  const newestMeasured = (total: number) => Math.floor((total - 1) / TOPICS) * TOPICS;

  const encodings: Record<string, string> = {};
  async function measurePhase(phase: string, total: number): Promise<Map<string, Row>> {
    const results = new Map<string, Row>();
    for (const scenario of scenarios) {
      const url = studium.url + scenario.path;
      // fetch decodes the compressed answer; the check reads the text.
      const probe = await fetch(url, { method: scenario.method, headers: scenario.headers, body: scenario.body });
      // Pages go out compressed (server/http/compress-page.ts); JSON answers are sent as they are.
      const encoding = probe.headers.get("content-encoding") ?? "none";
      encodings[scenario.key] = encoding;
      if (scenario.key === "page" && encoding === "none")
        throw new Error(`${scenario.name}: the page was not compressed`);
      await expectOk(`${phase} ${scenario.name}`, probe, (text) => scenario.expect(text, newestMeasured(total)));
      await settle(pid);
      let postgresBefore: Map<number, number> | undefined;
      let postgresAfter: Map<number, number> | undefined;
      const row: Row = await measure(
        `${phase}: ${scenario.name}`,
        pid,
        {
          url,
          method: scenario.method,
          headers: scenario.headers,
          body: scenario.body,
          seconds,
          connections,
          pipelining: 1,
        },
        {
          before: async () => void (postgresBefore = await postgresCpuByPid()),
          after: async () => void (postgresAfter = await postgresCpuByPid()),
        },
      );
      if (postgresBefore && postgresAfter) {
        const { us, complete } = postgresCpuBetween(postgresBefore, postgresAfter);
        row.postgresCpuUsPerRequest = us / Math.max(1, row.rps * seconds);
        row.postgresComplete = complete;
      }
      results.set(scenario.key, row);
    }
    return results;
  }

  const results = new Map<string, Map<string, Row>>();
  if (phases.includes("small")) results.set("small", await measurePhase("small", SMALL_POSTS));
  if (phases.includes("big")) {
    await settle(pid);
    seedStarted = performance.now();
    await seedPosts(arranged, SMALL_POSTS, BIG_POSTS);
    seedSeconds.big = (performance.now() - seedStarted) / 1000;
    if (onPostgres) await sql`analyze`.execute(db);
    results.set("big", await measurePhase("big", BIG_POSTS));
  }

  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `\nStudium community benchmark — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, ` +
      `${onPostgres ? "PostgreSQL" : "SQLite"}; load average at the end ${load.join(" ")}`,
  );
  console.log(`${seconds} s per scenario after 1 s of warm-up, ${connections} connections; ${placement}.`);
  console.log(
    `Posts of 300-600 characters across ${TOPICS} topics (every fifth in the measured one); small ${SMALL_POSTS.toLocaleString("en")} ` +
      `(seeded in ${seedSeconds.small?.toFixed(1)} s), big ${BIG_POSTS.toLocaleString("en")} (seeded in ${seedSeconds.big?.toFixed(1) ?? "-"} s).\n`,
  );
  console.log(
    `| scenario | req/s | server CPU µs/req | CPU vs ceiling |${onPostgres ? " PostgreSQL CPU µs/req |" : ""} p99 ms | non-2xx | errors | bytes/answer | load generator CPU % |`,
  );
  console.log(`|---|---:|---:|---:|${onPostgres ? "---:|" : ""}---:|---:|---:|---:|---:|`);
  const rows = [...results.values()].flatMap((phase) => [...phase.values()]);
  for (const row of [ceiling as Row, ...rows]) {
    const pgCell =
      onPostgres && row === ceiling
        ? " - |"
        : onPostgres
          ? ` ${row.postgresCpuUsPerRequest === undefined ? "not measured" : `${row.postgresComplete ? "" : ">= "}${row.postgresCpuUsPerRequest.toFixed(1)}`} |`
          : "";
    console.log(
      `| ${row.name} | ${row.rps} | ${row.cpuUsPerRequest.toFixed(1)} | ${(row.cpuUsPerRequest / ceiling.cpuUsPerRequest).toFixed(1)}x |${pgCell} ${row.p99} | ${row.non2xx} | ${row.errors} | ${row.bytesPerAnswer} | ${row.loadGeneratorCpuPercent} |`,
    );
  }

  const small = results.get("small");
  const big = results.get("big");
  console.log(
    "\n| scenario | CPU µs/req small | target | met | p99 small ms | p99 big ms | big / small | within 1.5x |",
  );
  console.log("|---|---:|---:|---|---:|---:|---:|---|");
  for (const scenario of scenarios) {
    const before = small?.get(scenario.key) ?? big?.get(scenario.key);
    if (!before) continue;
    const after = big?.get(scenario.key);
    const target = scenario.key === "page" ? PAGE_CPU_TARGET_US : FEED_CPU_TARGET_US;
    const ratio = after && small ? after.p99 / Math.max(before.p99, 0.001) : undefined;
    console.log(
      `| ${scenario.name} | ${before.cpuUsPerRequest.toFixed(0)} | ${target} | ${before.cpuUsPerRequest <= target ? "yes" : "NO"} | ` +
        `${small ? before.p99 : "-"} | ${after?.p99 ?? "-"} | ${ratio?.toFixed(2) ?? "-"} | ${ratio === undefined ? "-" : ratio <= MAX_P99_GROWTH ? "yes" : "NO"} |`,
    );
  }
  console.log(
    `\nContent-Encoding of the answers: ${Object.entries(encodings)
      .map(([key, coding]) => `${key} ${coding}`)
      .join(", ")}`,
  );
  console.log(`Whole run: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  if (rows.some((row) => row.rps === 0 || row.non2xx > 0 || row.errors > 0)) {
    console.error("Some requests failed or none were answered: the figures above are not valid.");
    process.exitCode = 1;
  }
} finally {
  await handle.close();
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres) await pgAdmin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
}
