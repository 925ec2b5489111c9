// POST /vote on PostgreSQL under concurrency (issue 13, item 3), on a fresh PostgreSQL database, two loads:
//   1. the one that answered ~10% of its requests with 409 'conflict' before: one student sending the same up-vote
//      over 50 connections at once (each request toggles the vote, so every one waits for the one before);
//   2. launch day's shape: as many students as connections, each connection one of them, up-voting one comment
//      (each toggles their own vote; all of them move the one comment's count).
// Prints req/s, p99, the server's CPU per request and the non-2xx answers, which must be 0, and checks that the
// comment's stored count equals its up-vote rows (exit code 1 otherwise).
// Usage: node bench/votes-postgres.ts [-- --seconds 10 --connections 50]
//   takes TEST_DATABASE_URL (or DATABASE_URL; default postgres://postgres@127.0.0.1:5432/test) as the server to use.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "#server/build.ts";
import { openDatabase, sql } from "#platform/db/connection.ts";
import { arrangeDiscussionCourse, postComment } from "#tests/helpers/discussion-fixtures.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { freshPostgresDatabase, measure, separateCores, settle, startProcess, table } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, "..");
ensureBuild();

const postgres = await freshPostgresDatabase("bench_votes");

const ceilingServer = await startProcess([path.join(root, "bench/ceiling.ts")], {}, /listening at (http:\/\/\S+)/);
const placement = separateCores([ceilingServer.child.pid!]) ?? "load generator and server wherever they fall";
const ceiling = await measure("bare node:http (ceiling)", ceilingServer.child.pid!, {
  url: ceilingServer.url,
  seconds,
  connections,
  pipelining: 1,
});
await ceilingServer.stop();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-votes-"));
const studium = await startProcess(
  [path.join(root, "server/main.ts")],
  {
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    LOG_LEVEL: "warn",
    WORKER: "inline",
    // scrypt's cost lowered for the many students registered here (a real setting, stored in every hash).
    PASSWORD_SCRYPT_N: "16384",
    // One student voting thousands of times a second is the load, not a person: the limits are lifted, still counted.
    RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? "100000",
  },
  /running at (http:\/\/\S+)/,
);
separateCores([studium.child.pid!]);
const handle = openDatabase({ kind: "postgres", url: postgres.url });

try {
  const owner = await setUpBenchSchool(studium.url);
  const course = await arrangeDiscussionCourse(handle.db, { lectures: { free: { access: "free" } } });
  const comment = await postComment(owner, course.lectures.free, "Vote on me");
  // As many students as connections, registered through the API (real sessions).
  const students: BrowserClient[] = [];
  for (let i = 0; i < connections; i++) {
    const student = new BrowserClient(studium.url);
    await student.page("/register");
    const registered = await student.post("/register", {
      name: `Bench Student ${i}`,
      email: `student-${i}@bench.test`,
      password: "bench-password",
    });
    if (registered.status !== 200) throw new Error(`registration failed: ${registered.status}`);
    await student.page("/");
    students.push(student);
  }
  const headersOf = (student: BrowserClient) => ({
    cookie: [...student.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    accept: "application/json",
    "content-type": "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-csrf-token": student.csrfToken,
    origin: studium.url,
  });
  const body = JSON.stringify({ type: "comment", id: comment.id, value: 1 });
  for (const student of students) {
    const probe = await fetch(`${studium.url}/vote`, { method: "POST", headers: headersOf(student), body });
    if (probe.status !== 200) throw new Error(`the vote failed: ${probe.status} ${await probe.text()}`);
  }

  const load = { url: `${studium.url}/vote`, method: "POST" as const, body, seconds, connections, pipelining: 1 };
  const oneStudent = await measure("POST /vote, one student on every connection", studium.child.pid!, {
    ...load,
    headers: headersOf(students[0]!),
  });
  let next = 0;
  const manyStudents = await measure(`POST /vote, ${connections} students, one comment`, studium.child.pid!, {
    ...load,
    headers: headersOf(students[0]!),
    setupClient: (client) => client.setHeaders(headersOf(students[next++ % students.length]!)),
  });
  // Requests still in flight when the load stopped finish first; then the count and the rows in one snapshot.
  await settle(studium.child.pid!);
  const {
    rows: [check],
  } = await sql<{ counted: number; ups: number }>`
    select c.up_votes_count as counted,
      (select count(*) from votes v where v.votable_type = 'comment' and v.votable_id = c.id and v.value = 1) as ups
    from comments c where c.id = ${comment.id}`.execute(handle.db);
  const counted = Number(check!.counted);
  const ups = Number(check!.ups);

  console.log(
    `\nPOST /vote on PostgreSQL — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}; ` +
      `${seconds} s after 1 s of warm-up, ${connections} connections; ${placement}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}.\n`,
  );
  console.log(table([oneStudent, manyStudents], ceiling));
  console.log(
    `\nnon-2xx answers: ${oneStudent.non2xx} and ${manyStudents.non2xx}; the comment's up_votes_count ${counted}, ` +
      `its up-vote rows ${ups} (${counted === ups ? "equal" : "NOT EQUAL"})`,
  );
  const failed = [oneStudent, manyStudents].some((row) => row.non2xx > 0 || row.errors > 0);
  if (failed || counted !== ups) process.exitCode = 1;
} finally {
  await handle.close();
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await postgres.drop();
}
