// GET /status for load balancers: 200 with the database's health, no cookie, never cached, not logged per call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe("GET /status", () => {
  it("answers ok with the database's health, before and after setup, without a cookie or caching", async () => {
    for (const moment of ["before setup", "after setup"]) {
      if (moment === "after setup") await setUpSchool(server, { language: "en" });
      const response = await fetch(`${server.url}/status`);
      expect(response.status, moment).toBe(200);
      expect(await response.json(), moment).toEqual({ status: "ok", database: "ok" });
      expect(response.headers.get("cache-control"), moment).toBe("no-store");
      expect(response.headers.get("set-cookie"), moment).toBeNull();
    }
    // A balancer asks every few seconds: the calls stay out of the request log.
    const requestLines = server.logs.filter((line) => (line.req as { url?: string } | undefined)?.url !== undefined);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.some((line) => (line.req as { url: string }).url === "/status")).toBe(false);
  });
});
