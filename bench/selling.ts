// Selling benchmark (the selling issue, item 11), in one run against the machine's ceiling:
//   1. a bare node:http server: the ceiling;
//   2. POST /transaction/{hash}/pending: the status page's poll (launch-day polling; target >= 0.5 of the ceiling);
//   3. GET /{slug}/checkout: the checkout page of a logged-in buyer (SSR);
//   4. full checkouts through the test provider (one-page checkout + the simulated Pay), as purchases per second,
//      from 10 buyers at once, each buying team seats again and again.
// The ceiling gets the same request as the poll (method, headers, body). The load generator and each server are
// kept on separate cores (--pin no: leave it to the scheduler), as in bench/foundation.ts.
// Usage: npm run bench:selling [-- --seconds 10 --connections 50 --pin yes]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "#server/build.ts";
import { openDatabase } from "#platform/db/connection.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { measure, type Measured, separateCores, startProcess, table } from "./lib.ts";
import { setUpBenchSchool } from "./school.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    pin: { type: "string", default: "yes" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const pipelining = 1;
const pin = (pid: number) => (values.pin === "no" ? undefined : separateCores([pid]));
// The poll's request as the status page sends it (app/features/purchase/use-payment-status.ts: no body); the
// ceiling reads the same bytes (a cookie and token of the same length).
const pollRequest = (cookie: string, csrfToken: string, origin: string) => ({
  method: "POST" as const,
  headers: {
    cookie,
    accept: "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-csrf-token": csrfToken,
    origin,
    "content-length": "0",
  },
});
const root = path.resolve(import.meta.dirname, "..");

ensureBuild();

const ceilingServer = await startProcess([path.join(root, "bench/ceiling.ts")], {}, /listening at (http:\/\/\S+)/);
const placement = pin(ceilingServer.child.pid!) ?? "load generator and server wherever the scheduler puts them";
const sameSizeCookie = `studium_csrf=${"c".repeat(32)}; studium_session=${"s".repeat(43)}`;
const ceiling = await measure("bare node:http (ceiling)", ceilingServer.child.pid!, {
  url: ceilingServer.url,
  ...pollRequest(sameSizeCookie, "t".repeat(32), ceilingServer.url),
  seconds,
  connections,
  pipelining,
});
await ceilingServer.stop();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-bench-"));
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
  },
  /running at (http:\/\/\S+)/,
);
const pid = studium.child.pid!;
pin(pid);
const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "studium.db") });
try {
  await setUpBenchSchool(studium.url, { sample: true });
  // The test provider is switched on by the owner in production (it is off there by default).
  await handle.db.updateTable("integrations").set({ enabled: 1 }).where("provider", "=", "test").execute();
  const course = await handle.db
    .selectFrom("courses")
    .select(["slug", "price_cents"])
    .where("status", "=", "published")
    .where("price_cents", ">", 0)
    .executeTakeFirstOrThrow();

  const buyers = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const buyer = new BrowserClient(studium.url);
      await buyer.page(`/${course.slug}`);
      const answer = await buyer.post("/register", {
        name: `Buyer ${i}`,
        email: `buyer${i}@bench.test`,
        password: "bench-password",
      });
      if (answer.status !== 200) throw new Error(`registration failed: ${answer.status}`);
      await buyer.page("/my");
      return buyer;
    }),
  );
  const first = buyers[0]!;
  const purchase = async (buyer: BrowserClient) => {
    const started = await buyer.post(`/${course.slug}/onepagecheckout`, {
      name: "Bench Buyer",
      terms: true,
      provider: "test",
      quantity: 2,
    });
    if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
    const paid = await buyer.post(`/payments/test/${started.body.hash}/pay`);
    if (paid.status !== 200) throw new Error(`payment failed: ${paid.status}`);
    return started.body.hash as string;
  };
  const hash = await purchase(first);
  const cookie = [...first.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  const rows: Measured[] = [];
  rows.push(
    await measure("POST /transaction/{hash}/pending", pid, {
      url: `${studium.url}/transaction/${hash}/pending`,
      ...pollRequest(cookie, first.csrfToken, studium.url),
      seconds,
      connections,
      pipelining,
    }),
  );
  rows.push(
    await measure(`GET /${course.slug}/checkout (logged in)`, pid, {
      url: `${studium.url}/${course.slug}/checkout`,
      headers: { cookie, accept: "text/html" },
      seconds,
      connections,
      pipelining,
    }),
  );

  // Full checkouts: each buyer runs purchases back to back for the whole time.
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    buyers.map(async (buyer) => {
      while (Date.now() < deadline) {
        const t = performance.now();
        await purchase(buyer);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const purchasesPerSecond = latencies.length / seconds;
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;

  console.log(
    `\nStudium selling benchmark — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, SQLite`,
  );
  console.log(`${seconds} s per scenario after 1 s of warm-up, ${connections} connections; ${placement}.\n`);
  if (cookie.length !== sameSizeCookie.length)
    console.warn(`The ceiling's cookie no longer has the session cookie's size (${cookie.length}).`);
  console.log(table(rows, ceiling));
  const poll = rows[0]!;
  console.log(
    `\nStatus poll: ${(poll.rps / ceiling.rps).toFixed(2)} of the ceiling's req/s (target >= 0.50); CPU ${poll.cpuUsPerRequest.toFixed(1)} µs/request vs ${ceiling.cpuUsPerRequest.toFixed(1)} µs`,
  );
  console.log(
    `Full checkouts through the test provider (10 buyers at once): ${purchasesPerSecond.toFixed(1)} purchases/s, p99 ${p99.toFixed(0)} ms per purchase (checkout + payment)`,
  );
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) {
    console.error("Some requests failed: the figures above are not valid.");
    process.exitCode = 1;
  }
} finally {
  await handle.close();
  await studium.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
