// Optional error reporting (SENTRY_DSN, platform/error-reporting.ts) against a fake ingest server that records
// the envelopes Sentry's SDK sends: an unexpected error (a 500) is reported once, with the request's id and path;
// a 404 and a 419 are not; the page gets the DSN (and loads the browser SDK) only when it is set; and without
// SENTRY_DSN nothing is sent.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientDir } from "#server/build.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

type Envelope = { path: string; items: { type: string; payload: any }[] };

let ingest: http.Server;
const envelopes: Envelope[] = [];
let dsn = "";

beforeAll(async () => {
  ingest = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body = Buffer.concat(chunks);
      if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      const lines = body.toString().split("\n").filter(Boolean);
      const items: Envelope["items"] = [];
      for (let i = 1; i + 1 < lines.length; i += 2) {
        items.push({ type: JSON.parse(lines[i]!).type, payload: JSON.parse(lines[i + 1]!) });
      }
      envelopes.push({ path: request.url ?? "", items });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
  const { port } = ingest.address() as { port: number };
  dsn = `http://publickey@127.0.0.1:${port}/7`;
});
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())));

const events = () => envelopes.flatMap((envelope) => envelope.items.filter((item) => item.type === "event"));

/** A 404, a 419 and then a 500 (the jobs table is gone under the server), as the school's owner. */
async function provoke(server: TestServer, admin: BrowserClient) {
  expect((await admin.json("GET", "/no/such/call")).status).toBe(404);
  expect((await admin.post("/home/jobs/1/retry", {}, { csrf: "wrong" })).status).toBe(419);
  await sql`drop table jobs`.execute(server.handle.db);
  const failed = await admin.post("/home/jobs/1/retry", {});
  expect(failed.status).toBe(500);
  return failed.headers.get("x-request-id");
}

describe("with SENTRY_DSN", () => {
  let server: TestServer;
  let admin: BrowserClient;

  beforeAll(async () => {
    // Every error sampled here (the default is the spec's 0.25); no job worker polling the table the test drops.
    server = await startTestServer({ SENTRY_DSN: dsn, SENTRY_SAMPLE_RATE: "1", WORKER: "off" });
    admin = await setUpSchool(server, { language: "en" });
  });
  afterAll(() => server?.stop());

  it("hands the page the DSN, so that it loads the browser SDK", async () => {
    const page = await admin.page("/");
    expect(page.html).toContain(dsn);
  });

  it("reports a 500 once, with the request's id and path, and neither the 404 nor the 419", async () => {
    const requestId = await provoke(server, admin);
    const [event] = await waitFor(() => (events().length > 0 ? events() : undefined));
    expect(envelopes[0]!.path.split("?")[0]).toBe("/api/7/envelope/");
    expect(event!.payload.exception.values[0].value).toMatch(/jobs/);
    expect(event!.payload.tags.request_id).toBe(requestId);
    expect(event!.payload.contexts.request).toEqual({ method: "POST", path: "/home/jobs/1/retry" });
    expect(event!.payload.environment).toBe("test");
    // The SDK sends in order: the earlier 404 and 419 would be here already.
    expect(events()).toHaveLength(1);
  });

  it("reports a page whose loader failed, with the page's request id", async () => {
    const before = events().length;
    await sql`drop table mails`.execute(server.handle.db);
    const page = await admin.raw("/home/mail", { headers: { accept: "text/html" } });
    expect(page.status).toBe(500);
    const event = await waitFor(() => events()[before]);
    expect(event.payload.contexts.request).toEqual({ method: "GET", path: "/home/mail" });
    expect(event.payload.tags.request_id).toBe(page.headers.get("x-request-id"));
  });
});

describe("without SENTRY_DSN", () => {
  let server: TestServer;
  let admin: BrowserClient;

  beforeAll(async () => {
    server = await startTestServer({ SENTRY_DSN: "", WORKER: "off" });
    admin = await setUpSchool(server, { language: "en" });
  });
  afterAll(() => server?.stop());

  it("sends nothing and gives the page no DSN", async () => {
    const before = envelopes.length;
    const page = await admin.page("/");
    expect(page.html).not.toContain("publickey@");
    await provoke(server, admin);
    await waitFor(() => server.logs.find((line) => line.msg === "request failed"));
    expect(envelopes.length).toBe(before);
  });

  it("keeps the browser SDK out of what a page loads: it is a chunk of its own", async () => {
    const assets = path.join(clientDir, "assets");
    const sdkChunks = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .filter((file) => fs.readFileSync(path.join(assets, file), "utf8").includes("sentry.javascript."));
    expect(sdkChunks.length).toBeGreaterThan(0);
    const page = await new BrowserClient(server.url).page("/courses");
    const loaded = [...page.html.matchAll(/\/assets\/([^"']+\.js)/g)].map((match) => match[1]);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => sdkChunks.includes(file!))).toEqual([]);
  });
});
