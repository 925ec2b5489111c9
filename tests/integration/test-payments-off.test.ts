// The built-in test payments on a server that does not allow them (production, or TEST_PAYMENTS=off): the admin's
// card says they are off on this server and what to do, offers no switch that would do nothing, and the server
// refuses to switch them on (409 with the reason) in the school's language. The checkout then offers no payment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { text } from "./catalog-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer({ TEST_PAYMENTS: "off" });
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

describe("test payments that this server does not allow", () => {
  it("are shown as off on this server, with what to do and no switch", async () => {
    const list = await admin.json("GET", "/home/integrations");
    const card = list.body.integrations.find((c: { provider: string }) => c.provider === "test");
    expect(card).toMatchObject({ builtIn: true, configured: false, enabled: false, available: false });

    const page = text((await admin.page("/home/integrations")).html);
    expect(page).toContain("Off on this server");
    expect(page).toContain("start the server with TEST_PAYMENTS=on");
    expect(page).not.toContain('href="/home/integrations/test"');
    const edit = text((await admin.page("/home/integrations/test")).html);
    expect(edit).toContain("start the server with TEST_PAYMENTS=on");
    expect(edit).not.toContain('name="enabled"');
  });

  it("cannot be switched on, and say why", async () => {
    const created = await admin.post("/home/integrations", { provider: "test", settings: {} });
    expect(created.status).toBe(409);
    expect(created.body.message).toContain("Test payments are off on this server");
    expect((await admin.post("/home/integrations/test/enable", {})).status).toBe(409);
    const list = await admin.json("GET", "/home/integrations");
    expect(list.body.integrations.find((c: { provider: string }) => c.provider === "test").configured).toBe(false);
  });

  it("say it in Polish in a Polish school", async () => {
    try {
      await changeSettings(admin, englishSchool, { language: "pl" });
      expect(text((await admin.page("/home/integrations")).html)).toContain("Wyłączone na tym serwerze");
      const refused = await admin.post("/home/integrations", { provider: "test", settings: {} });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain("Płatności testowe są wyłączone na tym serwerze");
    } finally {
      await changeSettings(admin, englishSchool, {});
    }
  });
});
