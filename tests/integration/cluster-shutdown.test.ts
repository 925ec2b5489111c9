// WEB_CONCURRENCY=2 (node:cluster, server/cluster-primary.ts): SIGTERM to the primary reaches every worker, a
// request in flight (its body still arriving) is answered, then every process exits, and none is started again.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type LogLine, type TestServer } from "../helpers/test-server.ts";

// Each test has a cluster of its own (its processes end within the test).
let started: TestServer | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

/** A server with WEB_CONCURRENCY=2, once both workers listen; with their pids. */
async function startCluster(): Promise<{ server: TestServer; workers: Set<number> }> {
  const server = (started = await startTestServer({ WEB_CONCURRENCY: "2" }, { startTimeoutMs: 60_000 }));
  // A worker's start takes seconds (many more on a busy machine).
  const workers = await waitFor(
    () => {
      const pids = pidsThatLogged("Studium is listening", server);
      return pids.size === 2 ? pids : undefined;
    },
    { timeoutMs: 30_000 },
  );
  return { server, workers };
}

/** The pids of the worker processes that logged a line with this message. */
function pidsThatLogged(msg: string, from: TestServer): Set<number> {
  return new Set(from.logs.filter((line) => line.msg === msg).map((line) => Number(line.pid)));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("a cluster's shutdown", () => {
  it("forwards SIGTERM to the workers, answers the request in flight, then every process exits", async () => {
    const { server, workers } = await startCluster();
    expect(workers.has(server.process.pid!)).toBe(false);
    await setUpSchool(server);
    const client = await visitor(server);

    const slow = await startSlowLogin(server, client.csrfToken, client.cookies);

    const exited = exitOf(server);
    server.process.kill("SIGTERM");
    await waitFor(() => pidsThatLogged("shutting down", server).size === 2);

    const answer = await slow.finish();
    expect(answer, answer).toMatch(/^HTTP\/1\.1 200 /);

    expect(await exited).toBe(0);
    await waitFor(() => [...workers].every((pid) => !alive(pid)));
    // No worker was started in place of those that left.
    expect(pidsThatLogged("Studium is listening", server).size).toBe(2);
  }, 90_000);

  it("replaces a worker that dies while running (the job runner too), but none that dies during shutdown", async () => {
    const { server, workers: first } = await startCluster();
    const [jobRunner] = pidsThatLogged("job worker started", server);
    expect(first.has(jobRunner!)).toBe(true);

    process.kill(jobRunner!, "SIGKILL");
    const replacement = await waitFor(
      () => [...pidsThatLogged("Studium is listening", server)].find((pid) => !first.has(pid)),
      { timeoutMs: 30_000 },
    );
    // The replacement runs the jobs in its place.
    await waitFor(() => pidsThatLogged("job worker started", server).has(replacement));

    await setUpSchool(server);
    const client = await visitor(server);
    const slow = await startSlowLogin(server, client.csrfToken, client.cookies);
    const exited = exitOf(server);
    server.process.kill("SIGTERM");
    await waitFor(() => pidsThatLogged("shutting down", server).size === 2);
    // The worker holding the request dies before answering: the primary starts no other and reports it.
    process.kill(slow.workerPid, "SIGKILL");
    expect(await exited).toBe(1);
    expect(pidsThatLogged("Studium is listening", server).size).toBe(3);
    slow.socket.destroy();
  }, 120_000);
});

function exitOf(target: TestServer): Promise<number | null> {
  return new Promise((resolve) => target.process.once("exit", (code) => resolve(code)));
}

/**
 * Starts a login whose body arrives in two parts: the request is in flight, at one worker, until finish() sends
 * the second part (and waits for the whole answer).
 */
async function startSlowLogin(target: TestServer, csrfToken: string, cookies: Map<string, string>) {
  const body = JSON.stringify({ email: owner.email, password: owner.password });
  const socket = net.connect(target.port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString()));
  await new Promise((resolve) => socket.once("connect", resolve));
  const seenBefore = target.logs.length;
  socket.write(
    [
      "POST /login HTTP/1.1",
      `Host: 127.0.0.1:${target.port}`,
      "Content-Type: application/json",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "X-Requested-With: XMLHttpRequest",
      `X-CSRF-TOKEN: ${csrfToken}`,
      `Cookie: ${[...cookies].map(([name, value]) => `${name}=${value}`).join("; ")}`,
      "",
      body.slice(0, 10),
    ].join("\r\n"),
  );
  // A worker has the request when its log says it came in (the body is read after that line).
  const arrived = await waitFor(() =>
    target.logs.slice(seenBefore).find((line) => line.msg === "incoming request" && isLogin(line)),
  );
  return {
    socket,
    workerPid: Number(arrived.pid),
    async finish(): Promise<string> {
      socket.write(body.slice(10));
      await waitFor(() => complete(answer));
      socket.destroy();
      return answer;
    },
  };
}

function isLogin(line: LogLine): boolean {
  const req = line.req as { method?: string; url?: string } | undefined;
  return req?.method === "POST" && req.url === "/login";
}

/** Whether a raw HTTP/1.1 answer has arrived whole (headers and a body of its Content-Length). */
function complete(answer: string): boolean {
  const end = answer.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, end))?.[1];
  return length !== undefined && Buffer.byteLength(answer.slice(end + 4)) >= Number(length);
}
