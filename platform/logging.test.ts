// The logger configuration the server uses (through Fastify): secrets are removed wherever they appear.
import http from "node:http";
import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { waitFor } from "#tests/helpers/test-server.ts";
import {
  lazyChildLoggerFactory,
  loggerOptions,
  prettyLogStream,
  redactSecretPaths,
  requestIdFor,
  scrubSecrets,
  trackRequestIds,
} from "./logging.ts";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions("info");
  if (!options || typeof options !== "object") throw new Error("expected logger options");
  const app = Fastify({ logger: { ...options, stream } });
  return { log: app.log, output: () => lines.join("") };
}

const card = "4111111111111111";
const secrets = ["hunter2-password", "reset-token-abc", "csrf-xyz", "sess-cookie-value", card, "737"];

describe("logs", () => {
  it("never contain passwords, tokens or card data, at any depth", () => {
    const { log, output } = capture();
    log.info({ password: "hunter2-password", token: "reset-token-abc" }, "top level");
    log.info({ body: { password: "hunter2-password", cardNumber: card, cvv: "737" } }, "one level down");
    log.info({ ctx: { body: { user: { password: "hunter2-password", reset_token: "reset-token-abc" } } } }, "deep");
    log.info({ headers: { cookie: "studium_session=sess-cookie-value", "x-csrf-token": "csrf-xyz" } }, "headers");
    log.info({ card_number: Number(card), CVV: 737 }, "numbers");
    log.warn({ url: "/reset-password?token=reset-token-abc&next=/my" }, "a url");
    log.error(new Error(`declined card ${card} and 4111 1111 1111 1111`));
    log.info(`free text with /reset-password?password=hunter2-password`);
    const text = output();
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain("4111 1111 1111 1111");
    // The lines stay valid JSON, with the censored values and everything else kept.
    const entries = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(entries).toHaveLength(8);
    expect(entries[2].ctx.body.user).toEqual({ password: "[redacted]", reset_token: "[redacted]" });
    expect(entries[5].url).toBe("/reset-password?token=[redacted]&next=/my");
    expect(typeof entries[0].time).toBe("number");
  });

  it("never contain a saved card's token, as a key or in a form body", () => {
    const line = JSON.stringify({
      card_token: "ct_abc123",
      cardToken: "ct_def456",
      body: "tr_id=1&card_token=ct_ghi789",
    });
    const scrubbed = scrubSecrets(line);
    for (const token of ["ct_abc123", "ct_def456", "ct_ghi789"]) expect(scrubbed).not.toContain(token);
  });

  it("redact the secret segment of capability paths, in request URLs and anywhere in a line", () => {
    const { log, output } = capture();
    const secrets = ["Inv1t4t10nT0k3n_abcdefghijklmnopqrstuvwxyz0", "tr4ns4ct10nH4sh-abcdefghijklmnop", "t3stH4sh"];
    log.info({ req: { method: "GET", url: `/invitations/${secrets[0]}`, headers: {} } }, "incoming request");
    log.info(`Route POST:/invitations/${secrets[0]}/accept not found`);
    log.info({ link: `https://school.example/transaction/${secrets[1]}/pending?x=1` }, "a link");
    log.info({ url: `/INVITATIONS/${secrets[0]}` }, "upper case reaches the same page");
    log.info({ url: `/payments/test/${secrets[2]}/approve` }, "the simulated provider");
    const text = output();
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).toContain("/invitations/[redacted]/accept");
    expect(text).toContain("/transaction/[redacted]/pending?x=1");
    // Numeric ids under the same words are not secrets.
    const ids = '"url":"/home/access-manager/5/invitations/7","other":"/home/transactions/12"';
    expect(scrubSecrets(ids)).toBe(ids);
    expect(redactSecretPaths("/transaction/abc")).toBe("/transaction/[redacted]");
    expect(redactSecretPaths("/community/unsubscribe/12.3-4.c2lnbmF0dXJl")).toBe("/community/unsubscribe/[redacted]");
    expect(redactSecretPaths("/leads/confirm/Ofy3dGhfZm9ybV9jb25maXJtX3Rva2VuXzQzY2hhcnM")).toBe(
      "/leads/confirm/[redacted]",
    );
    // A route pattern's parameter is a name, not a secret (the route table the sweeps read).
    expect(redactSecretPaths("/transaction/:hash/pending /invitations/:token")).toBe(
      "/transaction/:hash/pending /invitations/:token",
    );
  });

  it("keeps ordinary numbers, ids and timestamps", () => {
    const line = JSON.stringify({ time: 1732184400000, job: 1234567890123, msg: "order 42 took 1234 ms", tokens: 5 });
    expect(scrubSecrets(line)).toBe(line);
    // 13+ digits that fail the Luhn check are not card numbers.
    expect(scrubSecrets('"msg":"id 4111111111111112"')).toBe('"msg":"id 4111111111111112"');
  });
});

describe("the per-request logger", () => {
  function server(level: string) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions(level);
    if (!options || typeof options !== "object") throw new Error("expected logger options");
    const app = Fastify({ logger: { ...options, stream }, childLoggerFactory: lazyChildLoggerFactory });
    app.get("/quiet", async (request) => {
      request.log.info({ detail: "only at info" }, "routine");
      return { ok: true };
    });
    app.get("/loud", async (request) => {
      request.log.warn({ password: "hunter2-password" }, "something odd");
      return { ok: true };
    });
    return { app, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it("writes its lines with the request id, secrets scrubbed as always", async () => {
    const { app, lines } = server("warn");
    await app.inject({ method: "GET", url: "/loud" });
    const line = lines().find((entry) => entry.msg === "something odd");
    expect(line?.reqId).toMatch(/^req-/);
    expect(JSON.stringify(lines())).not.toContain("hunter2-password");
    await app.close();
  });

  it("makes no child logger for a request that writes nothing at the configured level", async () => {
    const { app, lines } = server("warn");
    await app.ready();
    const child = vi.spyOn(app.log, "child");
    await app.inject({ method: "GET", url: "/quiet" });
    expect(child).not.toHaveBeenCalled();
    expect(lines()).toEqual([]);
    await app.inject({ method: "GET", url: "/loud" });
    expect(child).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it("at info, logs the request lines Fastify always wrote, with the request id", async () => {
    const { app, lines } = server("info");
    await app.inject({ method: "GET", url: "/quiet" });
    const messages = lines().map((entry) => [entry.msg, typeof entry.reqId]);
    expect(messages).toEqual([
      ["incoming request", "string"],
      ["routine", "string"],
      ["request completed", "string"],
    ]);
    await app.close();
  });
});

describe("request ids", () => {
  function server() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions("info");
    if (!options || typeof options !== "object") throw new Error("expected logger options");
    const app = Fastify({
      logger: { ...options, stream },
      childLoggerFactory: lazyChildLoggerFactory,
      genReqId: requestIdFor,
    });
    trackRequestIds(app);
    // A component that logs with the server's logger, not the request's (as core code handed app.log would).
    const component = app.log.child({ component: "worker-like" });
    app.post("/work", async (request) => {
      await new Promise((resolve) => setImmediate(resolve));
      app.log.info("from the server's logger");
      component.warn("from a component's logger");
      request.log.child({ step: 2 }).info("from a child of the request's logger");
      return { ok: true, got: request.body };
    });
    return { app, raw: () => lines, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it("echoes a short, safe X-Request-Id and generates one otherwise", async () => {
    const { app } = server();
    const kept = await app.inject({ method: "POST", url: "/work", headers: { "x-request-id": "lb-7f3a.01:2" } });
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a.01:2");
    const unsafe = ["a".repeat(65), "two words", 'quote"d', "new\\nline", "{}"];
    const seen = new Set<string>();
    for (const given of unsafe) {
      const answer = await app.inject({ method: "POST", url: "/work", headers: { "x-request-id": given } });
      const id = String(answer.headers["x-request-id"]);
      expect(id).not.toBe(given);
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      seen.add(id);
    }
    const none = await app.inject({ method: "POST", url: "/work" });
    seen.add(String(none.headers["x-request-id"]));
    expect(seen.size).toBe(unsafe.length + 1);
    await app.close();
  });

  it("puts the request id on every line written during the request, whichever logger writes it, once", async () => {
    const { app, lines, raw } = server();
    app.log.info("before any request");
    // Over a real socket, the body's second half sent after the request began: its events come from the
    // connection, outside the request's scope.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const answer = await new Promise<string>((resolve, reject) => {
      const call = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/work",
          headers: { "x-request-id": "req-abc-123", "content-type": "application/json", "content-length": "7" },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () => resolve(text));
        },
      );
      call.on("error", reject);
      call.write('{"a":');
      void waitFor(() => lines().some((entry) => entry.msg === "incoming request")).then(() => call.end("1}"));
    });
    expect(JSON.parse(answer)).toEqual({ ok: true, got: { a: 1 } });
    app.log.info("after the request");
    const byMessage = new Map(lines().map((entry) => [entry.msg, entry]));
    for (const msg of [
      "incoming request",
      "from the server's logger",
      "from a component's logger",
      "from a child of the request's logger",
      "request completed",
    ]) {
      expect(byMessage.get(msg)?.reqId, msg).toBe("req-abc-123");
    }
    expect(byMessage.get("from a component's logger")?.component).toBe("worker-like");
    expect(byMessage.get("before any request")?.reqId).toBeUndefined();
    expect(byMessage.get("after the request")?.reqId).toBeUndefined();
    for (const line of raw()) expect(line.split('"reqId"').length - 1).toBeLessThanOrEqual(1);
    await app.close();
  });

  it("in development prints readable lines, scrubbed like the JSON ones", async () => {
    const printed: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        printed.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions("info", { stream: await prettyLogStream(destination) });
    if (!options || typeof options !== "object") throw new Error("expected logger options");
    const app = Fastify({ logger: options, genReqId: requestIdFor });
    trackRequestIds(app);
    app.get("/x", async () => {
      app.log.warn({ password: "hunter2-password", url: "/reset-password?token=reset-token-abc" }, "odd visitor");
      return {};
    });
    await app.inject({ method: "GET", url: "/x", headers: { "x-request-id": "dev-req-1" } });
    await app.close();
    const text = printed.join("");
    const line = printed.find((entry) => entry.includes("odd visitor"));
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: \(dev-req-1\) odd visitor /);
    expect(() => JSON.parse(line!)).toThrow();
    expect(text).not.toContain("hunter2-password");
    expect(text).not.toContain("reset-token-abc");
  });
});
