// TRUST_PROXY decides which hops may speak for the client in X-Forwarded-For. The client's address as the server
// sees it is recorded with each new session, so a login shows which address the server believed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** Logs the owner in with the given X-Forwarded-For and returns the address stored with the new session. */
async function addressSeen(server: TestServer, forwardedFor: string): Promise<string> {
  await server.handle.db.deleteFrom("sessions").execute();
  const client = new BrowserClient(server.url);
  await client.page("/login");
  const login = await client.post(
    "/login",
    { email: owner.email, password: owner.password },
    { headers: { "x-forwarded-for": forwardedFor } },
  );
  expect(login.status).toBe(200);
  const session = await server.handle.db.selectFrom("sessions").select("ip").executeTakeFirstOrThrow();
  return session.ip ?? "";
}

describe.each([
  // true now means one hop: the address our proxy appended (here the test client's own, 127.0.0.1).
  { trust: "true", spoofed: "203.0.113.7, 127.0.0.1", seen: "127.0.0.1" },
  { trust: "1", spoofed: "203.0.113.8, 198.51.100.4", seen: "198.51.100.4" },
  // A list: only hops from those addresses are believed; the first untrusted one from the right is the client.
  { trust: "127.0.0.1/8, ::1", spoofed: "203.0.113.9, 198.51.100.5", seen: "198.51.100.5" },
  // The default: X-Forwarded-For is not read at all.
  { trust: "false", spoofed: "203.0.113.10, 198.51.100.6", seen: "127.0.0.1" },
])("TRUST_PROXY=$trust", ({ trust, spoofed, seen }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: trust });
    await setUpSchool(server);
  });
  afterAll(() => server?.stop());

  it(`ignores a spoofed left-most X-Forwarded-For address (${spoofed} -> ${seen})`, async () => {
    expect(await addressSeen(server, spoofed)).toBe(seen);
  });
});
