// E-mailed links start with the school's public address, never with the Host header a visitor sent; the
// address is recorded at setup (or by an admin's first visit for a school set up before), shown and changed in
// the settings; in production a request for another host is refused with 421, loopback names still answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageResetLinks, englishSchool, resetMailsTo, visitor } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { requestWithHost } from "../helpers/host-request.ts";
import { owner, registerStudent } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { buyTeamPurchase, invitationLinkFor } from "./access-helpers.ts";
import { addCourse } from "./catalog-helpers.ts";

async function setUp(server: TestServer, publicUrl?: string): Promise<BrowserClient> {
  const admin = new BrowserClient(server.url);
  await admin.page("/setup");
  const response = await admin.post("/setup", {
    school_name: englishSchool.name,
    language: "en",
    currency: "EUR",
    name: owner.name,
    email: owner.email,
    password: owner.password,
    ...(publicUrl ? { public_url: publicUrl } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return admin;
}

const recorded = async (server: TestServer) =>
  (await server.handle.db.selectFrom("school").select("public_url").executeTakeFirstOrThrow()).public_url;

/** Asks for a reset link for `email` with the given Host header; returns the link's address part. */
async function resetLinkOrigin(server: TestServer, email: string, host: string): Promise<string> {
  await ageResetLinks(server, email);
  const before = (await resetMailsTo(server, email)).length;
  const client = await visitor(server, "/forgot-password");
  const response = await requestWithHost(client, "/forgot-password", { host, method: "POST", body: { email } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const mails = await resetMailsTo(server, email);
  expect(mails.length).toBe(before + 1);
  // The link is made from this address when the mail is sent (core/accounts/send-password-reset-mail.ts).
  return mails.at(-1)!.baseUrl;
}

describe("the public address, recorded at setup", () => {
  let server: TestServer;
  let admin: BrowserClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await setUp(server, "https://School.Example/");
  });
  afterAll(() => server?.stop());

  it("keeps the owner's address as an origin", async () => {
    expect(await recorded(server)).toBe("https://school.example");
  });

  it("builds the reset link from it, whatever Host the request names", async () => {
    expect(await resetLinkOrigin(server, owner.email, "evil.example")).toBe("https://school.example");
    expect(await resetLinkOrigin(server, owner.email, `127.0.0.1:${server.port}`)).toBe("https://school.example");
  });

  it("builds the invitation link from it, whatever Host the buyer's request names", async () => {
    const courseId = await addCourse(server, {
      slug: "team-course",
      title: "Team course",
      price_cents: 9900,
      currency: "EUR",
    });
    const bea = await registerStudent(server, {
      name: "Bea Buyer",
      email: "bea@example.com",
      password: "student-secret",
    });
    const purchase = await buyTeamPurchase(server, bea, "team-course", 2);
    const invited = await requestWithHost(bea, `/home/access-manager/${courseId}`, {
      host: "evil.example",
      method: "POST",
      body: { course_id: courseId, parent_transaction_id: purchase.id, name: "Ann Able", email: "ann@example.com" },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const mail = await invitationLinkFor(server, "ann@example.com");
    expect(mail.text).toContain(`https://school.example${mail.path}`);
    expect(mail.text).not.toContain("evil.example");
  });

  it("shows it in the settings, where the admin changes it (an address with a path is refused)", async () => {
    const page = await admin.page("/home/settings");
    expect(page.html).toMatch(
      /name="public_url"[^>]*value="https:\/\/school.example"|value="https:\/\/school.example"[^>]*name="public_url"/,
    );
    const withPath = await admin.json("PUT", "/home/settings", {
      ...englishSchool,
      public_url: "https://new.example/academy",
    });
    expect(withPath.status).toBe(422);
    expect(withPath.body.errors.public_url).toEqual([
      "Enter only the address, without a path, e.g. https://school.example.",
    ]);
    const changed = await admin.json("PUT", "/home/settings", { ...englishSchool, public_url: "https://new.example" });
    expect(changed.status).toBe(200);
    expect(await recorded(server)).toBe("https://new.example");
    expect(await resetLinkOrigin(server, owner.email, "evil.example")).toBe("https://new.example");
    // Settings saved without the field leave the address as it is.
    expect((await admin.json("PUT", "/home/settings", englishSchool)).status).toBe(200);
    expect(await recorded(server)).toBe("https://new.example");
  });
});

describe("in production", () => {
  let server: TestServer;
  let admin: BrowserClient;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: "production", ALLOWED_HOSTS: "alias.example" });
    // Set up without an address: the one the owner reached the setup at is recorded.
    admin = await setUp(server);
  });
  afterAll(() => server?.stop());

  it("records the address the setup came to when the owner gave none", async () => {
    expect(await recorded(server)).toBe(`http://127.0.0.1:${server.port}`);
  });

  it("refuses a request for another host with 421 and says where the school is", async () => {
    const client = await visitor(server, "/login");
    const refused = await requestWithHost(client, "/forgot-password", {
      host: "evil.example",
      method: "POST",
      body: { email: owner.email },
    });
    expect(refused.status).toBe(421);
    expect(refused.body.message).toBe(
      `This school is not served at this address. Go to http://127.0.0.1:${server.port}.`,
    );
    expect((await requestWithHost(client, "/login", { host: "evil.example", accept: "text/html" })).status).toBe(421);
  });

  it("answers the health check whatever the Host (a load balancer asks by the machine's address)", async () => {
    const client = await visitor(server, "/login");
    const health = await requestWithHost(client, "/status", { host: "10.0.0.7:3000" });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok", database: "ok" });
  });

  it("answers its own address, loopback names with the port, and ALLOWED_HOSTS", async () => {
    const client = await visitor(server, "/login");
    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `alias.example:${server.port}`,
      "alias.example",
    ]) {
      expect((await requestWithHost(client, "/login", { host, accept: "text/html" })).status, host).toBe(200);
    }
  });

  it("a school set up before: its admin's first visit records the address, a student's does not", async () => {
    await server.handle.db.updateTable("school").set({ public_url: null }).execute();
    const student = await registerStudent(server);
    // Until the address is known no host is refused, and no link is built from a request's Host (the server
    // sees the emptied row once its school cache renews, within 2 s).
    const forgetful = await visitor(server, "/forgot-password");
    const unknown = await waitFor(async () => {
      const answer = await requestWithHost(forgetful, "/forgot-password", {
        host: "evil.example",
        method: "POST",
        body: { email: owner.email },
      });
      return answer.status === 421 ? undefined : answer;
    });
    expect(unknown.status).toBe(503);
    expect(unknown.body.message).toBe(
      "The school's public address is not set yet. The owner can set it in the school settings.",
    );
    expect((await requestWithHost(student, "/my/account", { host: "student.example" })).status).toBe(200);
    expect(await recorded(server)).toBeNull();
    // The admin on the server itself (loopback) does not fix the address either.
    expect((await admin.json("GET", "/my/account")).status).toBe(200);
    expect(await recorded(server)).toBeNull();
    expect((await requestWithHost(admin, "/my/account", { host: "school.example" })).status).toBe(200);
    expect(await recorded(server)).toBe("http://school.example");
    expect(await resetLinkOrigin(server, owner.email, "school.example")).toBe("http://school.example");
    // From now on, other hosts are refused.
    expect((await requestWithHost(student, "/my/account", { host: "student.example" })).status).toBe(421);
  });
});
