// Issue 18, item 5 (GDPR): a student's data export (the admin's from the student's page, the student's own from
// /my/account; once a minute per requester) and erasure (the admin's, typing DELETE; the student's own, with the
// current password), over HTTP. After an erasure the old e-mail and name are in no table (every table is read
// whole), the transactions still sum the same, the account cannot log in, and an erasures row says when and by
// whom without the data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso, sql } from "#platform/db/connection.ts";
import { changeSettings, englishSchool, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  grantAccess,
  newStudent,
  postComment,
  postReply,
} from "../helpers/discussion-fixtures.ts";
import { addCourseProduct, addSale } from "../helpers/invoice-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { text } from "./catalog-helpers.ts";
import { arrangeMembership, arrangePlan } from "./memberships-admin-helpers.ts";

type Student = Awaited<ReturnType<typeof newStudent>>;

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"one">;
let anna: Student;
let bob: Student;
let carol: Student;
let bobsCommentId: number;
let invoicedSaleId: number;

const ANNA = "Zofia Przykładowa-Erased";
const CAROL = "Celina Selferasing";
const PASSWORD = "student-secret";

async function tableNames(): Promise<string[]> {
  const { db, dialect } = server.handle;
  const { rows } =
    dialect === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.map((row) => row.name).filter((name) => !name.startsWith("kysely_") && !name.startsWith("sqlite_"));
}

/** Every row of every table in which `needle` appears (case-insensitively), as "table: row". */
async function rowsMentioning(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(server.handle.db);
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (text.toLowerCase().includes(needle.toLowerCase())) found.push(`${table}: ${text}`);
    }
  }
  return found;
}

async function transactionsTotal(userId: number): Promise<number> {
  const rows = await server.handle.db
    .selectFrom("transactions")
    .select("total_cents")
    .where("user_id", "=", userId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.total_cents), 0);
}

function loginAs(email: string, password = PASSWORD) {
  return visitor(server).then((client) => client.post("/login", { email, password }));
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  const db = server.handle.db;
  course = await arrangeDiscussionCourse(db, { lectures: { one: { access: "paid" } } });
  anna = await newStudent(server, ANNA);
  bob = await newStudent(server, "Bob Bystander");
  carol = await newStudent(server, CAROL);
  for (const student of [anna, bob, carol]) await grantAccess(db, student.id, course.id);

  // Anna's comment with Bob's reply under it; Bob's comment with Anna's reply under it.
  const annas = await postComment(anna.client, course.lectures.one, "Anna's own question");
  await postReply(bob.client, annas.id, "Bob answers Anna");
  const bobs = await postComment(bob.client, course.lectures.one, "Bob's question");
  bobsCommentId = bobs.id;
  await postReply(anna.client, bobs.id, "Anna answers Bob");

  // Two purchases: one without an invoice, one with an issued invoice (its buyer data kept as issued).
  const productId = await addCourseProduct(db, "Privacy course");
  await addSale(db, { userId: anna.id, productId, invoice: null, buyerName: ANNA, buyerEmail: anna.email });
  const invoiced = await addSale(db, {
    userId: anna.id,
    productId,
    totalCents: 45_600,
    buyerName: ANNA,
    buyerEmail: anna.email,
  });
  invoicedSaleId = invoiced.id;
  await db
    .insertInto("invoices")
    .values({
      transaction_id: invoiced.id,
      provider: "ifirma",
      status: "issued",
      number: "FV 1/2026",
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();

  // Tags (a public one, a private one), a lead with her e-mail, mails to her and about her.
  for (const tag of [
    { name: "Cohort 2026", public: true },
    { name: "Difficult customer", public: false },
  ]) {
    expect((await admin.post(`/home/students/${anna.id}/tags`, tag)).status).toBe(200);
  }
  const form = await db
    .insertInto("lead_forms")
    .values({ name: "Newsletter", created_at: nowIso(), updated_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("leads")
    .values({ form_id: form.id, email: anna.email.toUpperCase(), fields: "{}", created_at: nowIso() })
    .execute();
  await db
    .insertInto("mails")
    .values([
      {
        to_address: anna.email,
        subject: "Welcome",
        text_body: `Hello ${ANNA}`,
        transport: "outbox",
        created_at: nowIso(),
      },
      {
        to_address: "owner@example.com",
        subject: `New sale to ${ANNA}`,
        text_body: `${ANNA} <${anna.email}> bought a course`,
        transport: "outbox",
        created_at: nowIso(),
      },
    ])
    .execute();
});
afterAll(() => server?.stop());

describe("who may export and erase", () => {
  it("asks a visitor to log in (401) and refuses a student the admin's calls (403), changing nothing", async () => {
    const guest = await visitor(server);
    expect((await guest.post("/my/account/export")).status).toBe(401);
    expect((await guest.json("DELETE", "/my/account", { confirm: "DELETE", current_password: "x" })).status).toBe(401);
    expect((await guest.post(`/home/students/${anna.id}/export`)).status).toBe(401);
    expect((await guest.json("DELETE", `/home/students/${anna.id}`, { confirm: "DELETE" })).status).toBe(401);

    expect((await bob.client.post(`/home/students/${anna.id}/export`)).status).toBe(403);
    expect((await bob.client.json("DELETE", `/home/students/${anna.id}`, { confirm: "DELETE" })).status).toBe(403);
    expect((await bob.client.post(`/home/students/${anna.id}/erase`, { confirm: "DELETE" })).status).toBe(403);
    const still = await server.handle.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", anna.id)
      .executeTakeFirst();
    expect(still?.email).toBe(anna.email);
  });

  it("answers 404 for an unknown student or an admin's account", async () => {
    const owner = await server.handle.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .executeTakeFirstOrThrow();
    expect((await admin.json("DELETE", `/home/students/${owner.id}`, { confirm: "DELETE" })).status).toBe(404);
    expect((await admin.json("DELETE", "/home/students/999999", { confirm: "DELETE" })).status).toBe(404);
  });
});

describe("the export", () => {
  it("gives the admin one JSON file with everything about the student, no secrets, once a minute", async () => {
    const response = await admin.raw(`/home/students/${anna.id}/export`, {
      method: "POST",
      headers: { "x-csrf-token": admin.csrfToken, "x-requested-with": "XMLHttpRequest" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const text = await response.text();
    const file = JSON.parse(text);
    expect(file.format).toBe("studium-personal-data/1");
    expect(file.profile).toMatchObject({ id: anna.id, name: ANNA, email: anna.email, role: "student" });
    expect(file.course_access).toHaveLength(1);
    expect(file.comments.map((c: { body: string }) => c.body)).toEqual(["Anna's own question"]);
    expect(file.replies.map((r: { body: string }) => r.body)).toEqual(["Anna answers Bob"]);
    expect(file.transactions).toHaveLength(2);
    expect(file.invoices).toEqual([expect.objectContaining({ number: "FV 1/2026", status: "issued" })]);
    expect(file.tags.map((t: { name: string }) => t.name).sort()).toEqual(["Cohort 2026", "Difficult customer"]);
    expect(file.leads).toHaveLength(1);
    expect(file.mails.map((m: { subject: string }) => m.subject)).toEqual(["Welcome"]);
    expect(file.notification_settings).toBeTypeOf("object");

    const db = server.handle.db;
    const user = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", anna.id)
      .executeTakeFirstOrThrow();
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", anna.id).execute();
    const hashes = await db.selectFrom("transactions").select("hash").where("user_id", "=", anna.id).execute();
    for (const secret of [user.password_hash, ...sessions.map((s) => s.id), ...hashes.map((h) => h.hash)]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("password_hash");

    const again = await admin.post(`/home/students/${bob.id}/export`);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("You can only make one export per minute");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("gives the student their own file with the public tags only, once a minute", async () => {
    const response = await anna.client.post("/my/account/export");
    expect(response.status).toBe(200);
    expect(response.body.profile.email).toBe(anna.email);
    expect(response.body.requested_by).toBe("self");
    expect(response.body.tags.map((t: { name: string }) => t.name)).toEqual(["Cohort 2026"]);
    expect(JSON.stringify(response.body)).not.toContain("Difficult customer");
    expect((await anna.client.post("/my/account/export")).status).toBe(429);
  });
});

describe("the admin's erasure", () => {
  it("is offered on the student's page", async () => {
    const page = await admin.page(`/home/students/${anna.id}`);
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain(`action="/home/students/${anna.id}/export"`);
    expect(html).toContain(`action="/home/students/${anna.id}/erase"`);
    expect(html).toContain("Erase personal data");
  });

  it("needs DELETE typed (422 with the field's message in the page's language), checked on the server", async () => {
    const refused = await admin.json("DELETE", `/home/students/${anna.id}`, { confirm: "delete" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.confirm).toEqual(["Type DELETE to confirm."]);
    expect((await admin.json("DELETE", `/home/students/${anna.id}`, {})).status).toBe(422);
    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      const polish = await admin.json("DELETE", `/home/students/${anna.id}`, { confirm: "" });
      expect(polish.body.errors.confirm).toEqual(["Wpisz DELETE, aby potwierdzić."]);
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl" }, { language: "en" });
    }
  });

  it("waits while a membership still renews (409), changing nothing", async () => {
    const db = server.handle.db;
    const planId = await arrangePlan(db);
    const membershipId = await arrangeMembership(db, { userId: bob.id, planId, status: "active" });
    try {
      const refused = await admin.json("DELETE", `/home/students/${bob.id}`, { confirm: "DELETE" });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("This account has a membership that still renews. Cancel it first.");
      const still = await db.selectFrom("users").select("email").where("id", "=", bob.id).executeTakeFirst();
      expect(still?.email).toBe(bob.email);
    } finally {
      await db.deleteFrom("memberships").where("id", "=", membershipId).execute();
    }
  });

  it("removes the name, e-mail, content, sessions, tags and leads; keeps the transactions and invoices", async () => {
    const before = await transactionsTotal(anna.id);
    expect(before).toBeGreaterThan(0);
    expect(await rowsMentioning(anna.email)).not.toEqual([]);

    const erased = await admin.json("DELETE", `/home/students/${anna.id}`, { confirm: "DELETE" });
    expect(erased.status).toBe(200);

    expect(await rowsMentioning(anna.email)).toEqual([]);
    // The name stays only where the invoice law keeps it: the buyer of the transaction an invoice was issued for.
    const named = await rowsMentioning(ANNA);
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(new RegExp(`^transactions: \\{"id":${invoicedSaleId},`));
    expect(await transactionsTotal(anna.id)).toBe(before);
    const db = server.handle.db;
    const invoice = await db
      .selectFrom("invoices")
      .select("number")
      .where("transaction_id", "=", invoicedSaleId)
      .executeTakeFirst();
    expect(invoice?.number).toBe("FV 1/2026");

    for (const table of ["comments", "replies", "student_tags", "sessions"] as const) {
      const rows = await db.selectFrom(table).select("user_id").where("user_id", "=", anna.id).execute();
      expect(rows, table).toEqual([]);
    }
    // Bob's reply under Anna's deleted comment went with it; Bob's comment counts one reply fewer.
    const bobs = await db
      .selectFrom("comments")
      .select("replies_count")
      .where("id", "=", bobsCommentId)
      .executeTakeFirstOrThrow();
    expect(Number(bobs.replies_count)).toBe(0);

    const record = await db.selectFrom("erasures").selectAll().where("user_id", "=", anna.id).executeTakeFirstOrThrow();
    const owner = await db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    expect(record).toMatchObject({ erased_by: owner.id, requested_by: "admin" });

    // The account cannot log in (old address, new placeholder), and the old session is gone.
    expect((await loginAs(anna.email)).status).toBe(422);
    expect((await loginAs(`erased-${anna.id}@erased.invalid`)).status).toBe(422);
    expect((await anna.client.json("GET", "/my/account")).status).toBe(401);

    const twice = await admin.json("DELETE", `/home/students/${anna.id}`, { confirm: "DELETE" });
    expect(twice.status).toBe(409);
    const page = text((await admin.page(`/home/students/${anna.id}`)).html);
    expect(page).toContain("personal data was erased.");
    expect(page).not.toContain(`action="/home/students/${anna.id}/erase"`);
  });
});

describe("the student's own erasure", () => {
  it("is offered on /my/account to a student, not to an admin", async () => {
    const mine = text((await carol.client.page("/my/account")).html);
    expect(mine).toContain('action="/my/account/export"');
    expect(mine).toContain('action="/my/account/erase"');
    const admins = text((await admin.page("/my/account")).html);
    expect(admins).toContain('action="/my/account/export"');
    expect(admins).not.toContain('action="/my/account/erase"');
    const refused = await admin.json("DELETE", "/my/account", { confirm: "DELETE", current_password: "owner-secret" });
    expect(refused.status).toBe(403);
  });

  it("needs DELETE and the current password, then is done at once and signs the student out", async () => {
    const wrong = await carol.client.json("DELETE", "/my/account", { confirm: "DELETE", current_password: "nope" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toBeDefined();
    const untyped = await carol.client.json("DELETE", "/my/account", { confirm: "", current_password: PASSWORD });
    expect(untyped.status).toBe(422);
    expect(untyped.body.errors.confirm).toEqual(["Type DELETE to confirm."]);

    const done = await carol.client.json("DELETE", "/my/account", { confirm: "DELETE", current_password: PASSWORD });
    expect(done.status).toBe(200);
    expect(await rowsMentioning(carol.email)).toEqual([]);
    expect(await rowsMentioning(CAROL)).toEqual([]);
    expect((await carol.client.json("GET", "/my/account")).status).toBe(401);
    expect((await loginAs(carol.email)).status).toBe(422);
    const record = await server.handle.db
      .selectFrom("erasures")
      .selectAll()
      .where("user_id", "=", carol.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ erased_by: carol.id, requested_by: "self" });
  });
});
