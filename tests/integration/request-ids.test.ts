// Every answer carries X-Request-Id (the caller's when short and safe, else a new one), and every log line the
// server writes while handling the request carries the same id: Fastify's request lines and the lines core code
// writes (a failed login's security event), on JSON calls, pages and cached pages alike.
import { afterAll, beforeAll, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

it("tags a core log line with the id the answer carries, and keeps a proxy's safe id", async () => {
  const visitor = new BrowserClient(server.url);
  await visitor.page("/login");
  const failed = await visitor.post(
    "/login",
    { email: "nobody@example.com", password: "not-the-password" },
    { headers: { "x-request-id": "edge-42.a:b" } },
  );
  expect(failed.status).toBe(422);
  expect(failed.headers.get("x-request-id")).toBe("edge-42.a:b");
  const event = await waitFor(() => server.logs.find((line) => line.msg === "login failed"));
  expect(event.reqId).toBe("edge-42.a:b");
  const completed = await waitFor(() =>
    server.logs.find((line) => line.msg === "request completed" && line.reqId === "edge-42.a:b"),
  );
  expect(completed).toBeTruthy();
});

it("gives pages, cached pages and refused ids a fresh id each", async () => {
  const ids = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const page = await new BrowserClient(server.url).raw("/courses", {
      headers: { accept: "text/html", "x-request-id": "evil\tid with spaces" },
    });
    expect(page.status).toBe(200);
    const id = page.headers.get("x-request-id");
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    ids.add(id!);
  }
  expect(ids.size).toBe(3);
  // A hit of the page cache is stored bytes and headers: the id is still this request's own.
  const hit = await waitFor(async () => {
    const page = await new BrowserClient(server.url).raw("/courses", { headers: { accept: "text/html" } });
    return page.headers.get("x-page-cache") === "hit" ? page : undefined;
  });
  const hitId = hit.headers.get("x-request-id");
  expect(hitId).toMatch(/^[A-Za-z0-9_-]{16}$/);
  expect(ids.has(hitId!)).toBe(false);
  const again = await new BrowserClient(server.url).raw("/courses", { headers: { accept: "text/html" } });
  expect(again.headers.get("x-page-cache")).toBe("hit");
  expect(again.headers.get("x-request-id")).not.toBe(hitId);
});
