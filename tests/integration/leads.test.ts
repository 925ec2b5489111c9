// Leads over HTTP (issue 16, item 4; spec §5, §7, §8): the admin's lead forms (rights, a consent text's versions),
// POST /lead checked against the form (422 per field in the school's language, English and Polish), what a lead
// stores (values, the form's hidden fields, page path, consent version, tags, address), double opt-in through the
// mail outbox and /leads/confirm/{token} with lead.created sent once, the leads screen's filters, the CSV export
// once a minute, deleting a lead, and POST /lead's limit per address at its production figure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeLimits } from "#server/http/route-limits.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

const newsletter = {
  name: "Newsletter",
  fields: [
    { label: "First name", name: "name", type: "text" },
    { label: "E-mail", name: "email", type: "email", required: true },
    {
      label: "Level",
      name: "level",
      type: "select",
      options: [
        { value: "new", text: "New" },
        { value: "pro", text: "Pro" },
      ],
    },
    { label: "I agree", name: "agree", type: "checkbox", required: true },
  ],
  hidden_fields: [{ name: "source", value: "spring-webinar" }],
  consent_text: "I agree to receive the newsletter.",
  tags: "newsletter, spring",
};

let server: TestServer;
let receiver: WebhookReceiver;
let admin: BrowserClient;
const db = () => server.handle.db;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ WEBHOOKS_ALLOW_LOOPBACK: "1", TRUST_PROXY: "true" });
  admin = await setUpSchool(server, { language: "en" });
  const hook = await admin.post("/home/webhooks", { url: receiver.url, events: ["lead.created"] });
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function createForm(body: Record<string, unknown> = {}): Promise<number> {
  const response = await admin.post("/home/leads/forms", { ...newsletter, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.form.id;
}

async function visitor(ip = "203.0.113.7"): Promise<BrowserClient> {
  const client = new BrowserClient(server.url, { ip });
  await client.page("/");
  return client;
}

/** POST /lead from the client's address (the server believes X-Forwarded-For with TRUST_PROXY). */
function sendLead(client: BrowserClient, body: Record<string, unknown>, options: { csrf?: false } = {}) {
  return client.post("/lead", body, { ...options, headers: { "x-forwarded-for": client.ip ?? "203.0.113.1" } });
}

const leadEvents = () => receiver.received.filter((r) => JSON.parse(r.body).type === "lead.created");

describe("the admin's lead forms", () => {
  it("are made and changed by the admin only; each new consent text is a new version", async () => {
    const student = await newStudent(server, "Sam Student");
    expect((await student.client.post("/home/leads/forms", newsletter)).status).toBe(403);
    expect((await (await visitor()).post("/home/leads/forms", newsletter)).status).toBe(401);
    // The admin area does not show itself to a student (404), its calls refuse them (403).
    expect((await student.client.page("/home/leads")).status).toBe(404);

    const id = await createForm({ name: "Versions" });
    const same = await admin.post(`/home/leads/forms/${id}`, { ...newsletter, name: "Versions", button_text: "Go" });
    expect(same.body.form.consent).toMatchObject({ version: 1, text: newsletter.consent_text });
    const changed = await admin.post(`/home/leads/forms/${id}`, { ...newsletter, consent_text: "New terms." });
    expect(changed.body.form.consent).toMatchObject({ version: 2, text: "New terms." });
    const versions = await db()
      .selectFrom("lead_consents")
      .select(["version", "text"])
      .where("form_id", "=", id)
      .orderBy("version")
      .execute();
    expect(versions).toEqual([
      { version: 1, text: newsletter.consent_text },
      { version: 2, text: "New terms." },
    ]);
  });

  it("refuses a form without a name, with a bad field type or repeated names, with the field named", async () => {
    const bad = await admin.post("/home/leads/forms", { name: "", fields: [{ name: "email", type: "phone" }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["fields.0.type", "name"]);
    const repeated = await admin.post("/home/leads/forms", {
      name: "Twice",
      fields: [
        { name: "email", type: "email" },
        { name: "email", type: "text" },
      ],
    });
    expect(repeated.status).toBe(422);
    expect(Object.keys(repeated.body.errors)).toEqual(["fields.1.name"]);
    expect((await admin.post("/home/leads/forms", { name: "Empty", fields: [] })).status).toBe(422);
  });
});

describe("POST /lead", () => {
  it("stores the values, the form's hidden fields, the page, the consent version, tags, time and address", async () => {
    const id = await createForm({ name: "Stored" });
    const client = await visitor("203.0.113.21");
    const sent = await sendLead(client, {
      form_id: id,
      page: "/offer?utm=secret",
      name: "Ann",
      email: "Ann@Example.com",
      level: "pro",
      agree: true,
      source: "tampered",
      extra: "ignored",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ status: "confirmed", redirect_to: null });
    const lead = await db().selectFrom("leads").selectAll().where("form_id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(lead.fields)).toEqual({ name: "Ann", email: "Ann@Example.com", level: "pro", agree: "1" });
    expect(JSON.parse(lead.hidden_fields)).toEqual({ source: "spring-webinar" });
    expect(lead).toMatchObject({ email: "ann@example.com", page: "/offer", status: "confirmed", ip: "203.0.113.21" });
    const consent = await db()
      .selectFrom("lead_consents")
      .select("version")
      .where("id", "=", lead.consent_id!)
      .executeTakeFirstOrThrow();
    expect(consent.version).toBe(1);
    const tags = await db()
      .selectFrom("lead_tags")
      .select("tag")
      .where("lead_id", "=", lead.id)
      .orderBy("tag")
      .execute();
    expect(tags.map((row) => row.tag)).toEqual(["newsletter", "spring"]);
    // Sent out at once (no double opt-in), with the lead's values.
    const event = await waitFor(async () => leadEvents().find((r) => JSON.parse(r.body).data.lead.id === lead.id));
    expect(JSON.parse(event.body).data).toMatchObject({
      lead: { email: "ann@example.com", hidden_fields: { source: "spring-webinar" }, consent_version: 1 },
      form: { id, name: "Stored" },
    });
  });

  it("answers 422 per field, in English, and stores nothing", async () => {
    const id = await createForm({ name: "Checked" });
    const client = await visitor();
    const before = await db().selectFrom("leads").select("id").execute();
    const bad = await sendLead(client, { form_id: id, email: "not-an-email", level: "gold" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      email: ["Enter a valid e-mail address."],
      level: [expect.any(String)],
      agree: [expect.stringMatching(/required/i)],
    });
    const missing = await sendLead(client, { form_id: 999999, email: "a@b.co" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.form_id).toEqual(["This form no longer exists."]);
    expect(await db().selectFrom("leads").select("id").execute()).toHaveLength(before.length);
  });

  it("needs the CSRF token", async () => {
    const id = await createForm({ name: "Csrf" });
    const client = await visitor();
    const refused = await sendLead(client, { form_id: id, email: "c@example.com", agree: true }, { csrf: false });
    expect(refused.status).toBe(419);
  });
});

describe("double opt-in", () => {
  it("keeps the lead unconfirmed until its e-mail's link is followed; lead.created goes out once then", async () => {
    const id = await createForm({ name: "Double", double_opt_in: true });
    const client = await visitor("203.0.113.40");
    const sent = await sendLead(client, { form_id: id, email: "dora@example.com", agree: "1" });
    expect(sent.body.status).toBe("unconfirmed");
    const lead = await db().selectFrom("leads").selectAll().where("form_id", "=", id).executeTakeFirstOrThrow();
    expect(lead.status).toBe("unconfirmed");
    const mail = await waitFor(() =>
      db().selectFrom("mails").selectAll().where("to_address", "=", "dora@example.com").executeTakeFirst(),
    );
    const link = /\/leads\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)!;
    expect(link).not.toBeNull();
    expect(lead.confirm_token_hash).not.toContain(link[1]);
    expect(leadEvents().some((r) => JSON.parse(r.body).data.lead.id === lead.id)).toBe(false);

    // Opening the page changes nothing; the button's POST confirms.
    const page = await client.page(link[0]);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Confirm my address");
    expect(
      (await db().selectFrom("leads").select("status").where("id", "=", lead.id).executeTakeFirstOrThrow()).status,
    ).toBe("unconfirmed");
    const confirmed = await client.post(link[0], {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ state: "confirmed" });
    expect(await client.post(link[0], {})).toMatchObject({ status: 200 });
    const row = await db()
      .selectFrom("leads")
      .select(["status", "confirmed_at"])
      .where("id", "=", lead.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("confirmed");
    expect(row.confirmed_at).not.toBeNull();
    await waitFor(async () => leadEvents().find((r) => JSON.parse(r.body).data.lead.id === lead.id));
    const deliveries = await db()
      .selectFrom("webhook_deliveries")
      .select("payload")
      .where("event_type", "=", "lead.created")
      .execute();
    expect(deliveries.filter((d) => JSON.parse(d.payload).data.lead.id === lead.id)).toHaveLength(1);

    const unknown = await client.page(`/leads/confirm/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("not valid or has expired");
  });
});

describe("the leads screen", () => {
  it("lists newest first, filters by form and tag, and deletes a lead on request", async () => {
    const a = await createForm({ name: "Screen A", tags: "alpha" });
    const b = await createForm({ name: "Screen B", tags: "beta" });
    const client = await visitor("203.0.113.60");
    for (const [form, email] of [
      [a, "first@example.com"],
      [b, "second@example.com"],
      [a, "third@example.com"],
    ] as const) {
      expect((await sendLead(client, { form_id: form, email, agree: true })).status).toBe(200);
    }
    const byForm = await admin.page(`/home/leads?form_id=${a}`);
    expect(byForm.status).toBe(200);
    expect(byForm.html.indexOf("third@example.com")).toBeLessThan(byForm.html.indexOf("first@example.com"));
    expect(byForm.html).not.toContain("second@example.com");
    const byTag = await admin.page("/home/leads?tag=beta");
    expect(byTag.html).toContain("second@example.com");
    expect(byTag.html).not.toContain("first@example.com");

    const lead = await db()
      .selectFrom("leads")
      .select("id")
      .where("email", "=", "second@example.com")
      .executeTakeFirstOrThrow();
    const student = await newStudent(server, "Nina Nosy");
    expect((await student.client.post(`/home/leads/${lead.id}/delete`)).status).toBe(403);
    expect((await admin.post(`/home/leads/${lead.id}/delete`)).status).toBe(200);
    expect(await db().selectFrom("leads").select("id").where("id", "=", lead.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("lead_tags").select("tag").where("lead_id", "=", lead.id).execute()).toEqual([]);
    expect((await admin.post(`/home/leads/${lead.id}/delete`)).status).toBe(404);
  });

  it("deletes a form with its leads and consent texts, only when no page shows it", async () => {
    const id = await createForm({ name: "Old webinar", tags: "webinar" });
    const client = await visitor("203.0.113.61");
    expect((await sendLead(client, { form_id: id, email: "gone@example.com", agree: true })).status).toBe(200);
    const page = await admin.post("/home/pages", { title: "Webinar landing", slug: "webinar-landing" });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const blocks = `/home/subpages/${page.body.page.id}/blocks`;
    const block = await admin.post(blocks, { type: "lead_form", settings: { form_id: id } });
    expect(block.status, JSON.stringify(block.body)).toBe(200);

    const student = await newStudent(server, "Dan Deleter");
    expect((await student.client.json("DELETE", `/home/leads/forms/${id}`)).status).toBe(403);
    expect((await (await visitor()).json("DELETE", `/home/leads/forms/${id}`)).status).toBe(401);
    expect((await admin.json("DELETE", `/home/leads/forms/${id}`, undefined, { csrf: false })).status).toBe(419);
    // Shown on a page: refused, naming the page, and nothing is deleted.
    const onPage = await admin.json("DELETE", `/home/leads/forms/${id}`);
    expect(onPage.status).toBe(409);
    expect(onPage.body.message).toBe(
      "This form is shown on the page “Webinar landing”. Remove its block from that page first.",
    );
    expect(await db().selectFrom("leads").select("id").where("form_id", "=", id).execute()).toHaveLength(1);

    const blockId = block.body.block?.id ?? block.body.id;
    expect((await admin.json("DELETE", `${blocks}/${blockId}`)).status).toBe(200);
    const deleted = await admin.json("DELETE", `/home/leads/forms/${id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id, leads: 1 });
    expect(await db().selectFrom("lead_forms").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("leads").select("id").where("form_id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("lead_consents").select("id").where("form_id", "=", id).execute()).toEqual([]);
    expect((await admin.json("DELETE", `/home/leads/forms/${id}`)).status).toBe(404);
  });

  it("exports the filtered leads as CSV once a minute", async () => {
    const student = await newStudent(server, "Csv Student");
    expect((await student.client.post("/home/leads/export", {})).status).toBe(403);
    const id = await createForm({ name: "Export", tags: "export" });
    const client = await visitor("203.0.113.80");
    await sendLead(client, { form_id: id, name: "=HYPERLINK(1)", email: "csv@example.com", agree: true });
    await admin.page("/home/leads");
    const response = await admin.raw("/home/leads/export", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        "x-csrf-token": admin.csrfToken,
      },
      body: JSON.stringify({ tag: "export" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const csv = await response.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("created_at,form,email,status,consent_version,page,ip,tags,source,name,email,level,agree");
    expect(lines[1]).toContain("csv@example.com");
    expect(lines[1]).toContain("'=HYPERLINK(1)");
    const again = await admin.post("/home/leads/export", { tag: "export" });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("You can only make one export per minute");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("a Polish school, with the limit per address at its production figure", () => {
  let limited: TestServer;
  let id: number;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_SCALE: "1", TRUST_PROXY: "true" });
    const owner = await setUpSchool(limited, { language: "pl" });
    const created = await owner.post("/home/leads/forms", newsletter);
    id = created.body.form.id;
  });
  afterAll(() => limited?.stop());

  it("answers 422 per field in Polish", async () => {
    const client = new BrowserClient(limited.url, { ip: "198.51.100.9" });
    await client.page("/");
    const bad = await sendLead(client, { form_id: id, email: "zly-adres" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual([expect.stringMatching(/adres e-mail/i)]);
    expect(bad.body.errors.agree).toEqual([expect.stringMatching(/wymagane|Uzupełnij|To pole/i)]);
  });

  it("stops POST /lead from one address after its figure, and another address still gets through", async () => {
    const one = new BrowserClient(limited.url, { ip: "198.51.100.1" });
    await one.page("/");
    const { points } = routeLimits.lead;
    for (let n = 1; n <= points; n++) {
      expect((await sendLead(one, { form_id: id, email: `n${n}@example.com`, agree: true })).status).toBe(200);
    }
    const refused = await sendLead(one, { form_id: id, email: "over@example.com", agree: true });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = new BrowserClient(limited.url, { ip: "198.51.100.2" });
    await other.page("/");
    expect((await sendLead(other, { form_id: id, email: "other@example.com", agree: true })).status).toBe(200);
    const count = await limited.handle.db.selectFrom("leads").select("id").execute();
    expect(count).toHaveLength(points + 1);
  });
});
