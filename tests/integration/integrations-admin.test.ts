// The admin's integrations over HTTP (the selling issue, item 4): GET/POST /home/integrations, PUT/DELETE
// /home/integrations/:provider, /enable and /disable. Only admins (401 without a session, 403 for a student, 419
// without the CSRF token); one per provider ('You already have such integration'); 422 with a message under each
// missing field; secrets stored encrypted, never sent back (JSON, pages) and never in the server's output, a blank
// secret on edit keeps the stored one; the built-in test payments start enabled; the plain forms work too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getIntegrationSettings } from "#core/integrations/get-integration-settings.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { testServerSecret } from "../helpers/invoice-fixtures.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;

// Every secret this file sends: none may come back in an answer or appear in the server's output.
const stripe = { secret_key: "sk_test_51SecretStripeKeyValue", webhook_secret: "whsec_SecretWebhookSigningValue" };
const newWebhookSecret = "whsec_ReplacedWebhookSigningValue";
const p24 = {
  merchant_id: "123456",
  pos_id: "123456",
  api_key: "p24ApiKeySecretValue77",
  crc_key: "p24CrcKeySecretValue77",
  environment: "production",
};
const fakturownia = { account: "mojaszkola", api_token: "FakturowniaApiTokenSecretValue" };
const secrets = [
  stripe.secret_key,
  stripe.webhook_secret,
  newWebhookSecret,
  p24.api_key,
  p24.crc_key,
  fakturownia.api_token,
];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "trace" });
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server);
});
afterAll(() => server?.stop());

function card(body: { integrations: { provider: string }[] }, provider: string): any {
  return body.integrations.find((c) => c.provider === provider);
}

function expectNoSecrets(text: string) {
  for (const secret of secrets) expect(text, `contains ${secret.slice(0, 8)}...`).not.toContain(secret);
}

/** A form post like a browser without script: urlencoded fields plus the page's token as _csrf. */
async function submit(client: BrowserClient, path: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ ...fields, _csrf: client.csrfToken }).toString();
  const response = await client.raw(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
      referer: `${server.url}${path}`,
    },
    body,
  });
  return { status: response.status, location: response.headers.get("location") };
}

describe("the list", () => {
  it("shows every provider, the built-in test payments set up and enabled", async () => {
    const response = await admin.json("GET", "/home/integrations");
    expect(response.status).toBe(200);
    expect(response.body.integrations.map((c: { provider: string }) => c.provider)).toEqual([
      "test",
      "stripe",
      "tpay",
      "przelewy24",
      "payu",
      "ifirma",
      "fakturownia",
    ]);
    expect(card(response.body, "test")).toMatchObject({
      kind: "payment",
      builtIn: true,
      configured: true,
      enabled: true,
    });
    expect(card(response.body, "stripe")).toMatchObject({
      configured: false,
      enabled: false,
      secrets: { secret_key: false },
    });
  });
});

describe("setting up and changing an integration", () => {
  it("creates one, answers it masked, and stores it encrypted", async () => {
    const response = await admin.post("/home/integrations", { provider: "stripe", enabled: true, settings: stripe });
    expect(response.status).toBe(200);
    expect(response.body.integration).toMatchObject({
      provider: "stripe",
      configured: true,
      enabled: true,
      settings: {},
      secrets: { secret_key: true, webhook_secret: true },
    });
    expectNoSecrets(JSON.stringify(response.body));
    const row = await server.handle.db
      .selectFrom("integrations")
      .selectAll()
      .where("provider", "=", "stripe")
      .executeTakeFirstOrThrow();
    expectNoSecrets(row.settings);
    expect((await getIntegrationSettings(server.handle.db, testServerSecret, "stripe"))?.settings).toEqual(stripe);
    const list = await admin.json("GET", "/home/integrations");
    expectNoSecrets(JSON.stringify(list.body));
  });

  it("refuses a second one for the same provider", async () => {
    const response = await admin.post("/home/integrations", { provider: "stripe", settings: stripe });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("You already have such integration");
  });

  it("answers 422 with a message under each missing field", async () => {
    const response = await admin.post("/home/integrations", {
      provider: "przelewy24",
      settings: { merchant_id: "12x" },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      "settings.merchant_id": ["Use digits only."],
      "settings.api_key": ["This field is required."],
      "settings.crc_key": ["This field is required."],
    });
    expect((await admin.post("/home/integrations", { provider: "paypal", settings: {} })).status).toBe(422);
  });

  it("keeps a secret left blank on edit and replaces one typed in", async () => {
    const response = await admin.json("PUT", "/home/integrations/stripe", {
      enabled: true,
      settings: { secret_key: "", webhook_secret: newWebhookSecret },
    });
    expect(response.status).toBe(200);
    expect(response.body.integration.secrets).toEqual({ secret_key: true, webhook_secret: true });
    expectNoSecrets(JSON.stringify(response.body));
    expect((await getIntegrationSettings(server.handle.db, testServerSecret, "stripe"))?.settings).toEqual({
      secret_key: stripe.secret_key,
      webhook_secret: newWebhookSecret,
    });
    expect((await admin.json("PUT", "/home/integrations/payu", { settings: {} })).status).toBe(404);
  });

  it("enables and disables; one invoicing service at a time", async () => {
    expect((await admin.post("/home/integrations/stripe/disable")).status).toBe(200);
    expect(card((await admin.json("GET", "/home/integrations")).body, "stripe").enabled).toBe(false);
    expect((await admin.post("/home/integrations/stripe/enable")).status).toBe(200);
    expect((await admin.post("/home/integrations/payu/enable")).status).toBe(404);

    await admin.post("/home/integrations", { provider: "fakturownia", settings: fakturownia });
    const ifirma = await admin.post("/home/integrations", {
      provider: "ifirma",
      settings: { login: "jan", invoice_key: "a1b2c3d4", key_name: "faktura" },
    });
    expect(ifirma.status).toBe(200);
    const list = (await admin.json("GET", "/home/integrations")).body;
    expect([card(list, "ifirma").enabled, card(list, "fakturownia").enabled, card(list, "stripe").enabled]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it("deletes one (not the built-in test payments)", async () => {
    await admin.post("/home/integrations", { provider: "przelewy24", settings: p24 });
    expect((await admin.json("DELETE", "/home/integrations/przelewy24")).status).toBe(200);
    expect(await getIntegrationSettings(server.handle.db, testServerSecret, "przelewy24")).toBeNull();
    expect((await admin.json("DELETE", "/home/integrations/przelewy24")).status).toBe(404);
    const builtIn = await admin.json("DELETE", "/home/integrations/test");
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.message).toBe("The test payments are built in: disable them instead.");
  });
});

describe("the plain forms (before hydration)", () => {
  it("update and delete with 303s, and come back with the error key on a refusal", async () => {
    await admin.page("/home/integrations/fakturownia");
    const saved = await submit(admin, "/home/integrations/fakturownia", {
      "settings.account": "innaszkola",
      "settings.api_token": "",
      enabled: "on",
    });
    expect(saved).toEqual({ status: 303, location: "/home/integrations?saved=fakturownia" });
    expect((await getIntegrationSettings(server.handle.db, testServerSecret, "fakturownia"))?.settings).toEqual({
      account: "innaszkola",
      api_token: fakturownia.api_token,
    });
    const refused = await submit(admin, "/home/integrations", { provider: "stripe", "settings.secret_key": "x" });
    expect(refused).toEqual({ status: 303, location: "/home/integrations?error=integrations%3Aalready_exists" });
    const deleted = await submit(admin, "/home/integrations/fakturownia/delete", {});
    expect(deleted).toEqual({ status: 303, location: "/home/integrations?deleted=fakturownia" });
  });
});

describe("who may", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/home/integrations"],
    ["POST", "/home/integrations", { provider: "tpay", settings: {} }],
    ["PUT", "/home/integrations/stripe", { settings: stripe }],
    ["POST", "/home/integrations/stripe/disable", {}],
    ["DELETE", "/home/integrations/stripe"],
  ];

  it("answers 401 to visitors and 403 to students, changing nothing", async () => {
    const anonymous = await visitor(server, "/login");
    for (const [method, path, body] of calls) {
      expect((await anonymous.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await student.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(card((await admin.json("GET", "/home/integrations")).body, "stripe")).toMatchObject({
      configured: true,
      enabled: true,
    });
  });

  it("answers 419 without the CSRF token", async () => {
    expect((await admin.json("DELETE", "/home/integrations/stripe", undefined, { csrf: false })).status).toBe(419);
  });

  it("hides the pages from students (404) and shows admins no secret", async () => {
    expect((await student.page("/home/integrations")).status).toBe(404);
    const list = await admin.page("/home/integrations");
    expect(list.status).toBe(200);
    expect(list.html).toContain("Test payments (simulated)");
    expectNoSecrets(list.html);
    const edit = await admin.page("/home/integrations/stripe");
    expect(edit.status).toBe(200);
    expect(edit.html).toContain("A value is stored. Leave this blank to keep it.");
    expectNoSecrets(edit.html);
    expect((await admin.page("/home/integrations/paypal")).status).toBe(404);
  });
});

it("never writes a secret to the server's output", async () => {
  await waitFor(() => {
    const count = (msg: string) => server.logs.filter((line) => line.msg === msg).length;
    return count("incoming request") > 20 && count("request completed") === count("incoming request");
  });
  const output = server.output();
  expect(output).toContain("/home/integrations");
  expectNoSecrets(output);
});
