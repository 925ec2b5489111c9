// Team roles and the audit log (issue 18, item 4), over HTTP on the test database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): the owner (who set the school up) invites admins and moderators, changes and removes them,
// and cannot be demoted; a role change ends the member's sessions; another admin gets 403 on the team and the
// log; a moderator reaches the moderation queue and its calls and nothing else of /home (the route sweeps check
// every admin route: route-sweeps.test.ts); every successful write of the team is in the audit log, a read or a
// refused write is not.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeSettings, englishSchool, logInAs, resetMailsTo, whoAmI } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { arrangePost } from "../helpers/community-fixtures.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let ownerClient: BrowserClient;

const PASSWORD = "student-secret";

async function roleOf(email: string): Promise<string> {
  const user = await server.handle.db.selectFrom("users").select("role").where("email", "=", email).executeTakeFirst();
  return user!.role;
}

async function auditRows() {
  return server.handle.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
}

/** A student promoted by the owner to this role, logged in again (the promotion ended their sessions). */
async function teamMember(role: "admin" | "moderator", name: string) {
  const student = await newStudent(server, name);
  const invited = await ownerClient.post("/home/team", { name, email: student.email, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  return { ...student, client: await logInAs(server, student.email, PASSWORD) };
}

beforeAll(async () => {
  server = await startTestServer();
  ownerClient = await setUpSchool(server);
});
afterAll(() => server?.stop());

describe("the owner", () => {
  it("is the admin who set the school up", async () => {
    const school = await server.handle.db.selectFrom("school").select("owner_user_id").executeTakeFirstOrThrow();
    const user = await server.handle.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow();
    expect(school.owner_user_id).toBe(user.id);
  });

  it("invites a new person as a moderator: an account of that role and an invitation to set a password", async () => {
    const response = await ownerClient.post("/home/team", {
      name: "Mona Moderator",
      email: "mona@example.com",
      role: "moderator",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      outcome: "invited",
      member: { email: "mona@example.com", role: "moderator" },
    });
    expect(await roleOf("mona@example.com")).toBe("moderator");
    const mails = await resetMailsTo(server, "mona@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "invitation" });
    const page = await ownerClient.page("/home/team");
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-member="mona@example.com"');
  });

  it("promotes an existing student, whose sessions end", async () => {
    const student = await newStudent(server, "Sam Student");
    expect((await whoAmI(student.client)).status).toBe(200);
    const response = await ownerClient.post("/home/team", { name: "ignored", email: student.email, role: "admin" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.outcome).toBe("promoted");
    expect(await roleOf(student.email)).toBe("admin");
    expect((await whoAmI(student.client)).status).toBe(401);
    expect(await resetMailsTo(server, student.email)).toEqual([]);
  });

  it("refuses someone already on the team, and a wrong role, with field messages (422)", async () => {
    const again = await ownerClient.post("/home/team", { name: "Mona", email: "mona@example.com", role: "admin" });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(["This person is already on the team: change their role instead."]);
    const wrong = await ownerClient.post("/home/team", { name: "X", email: "x@example.com", role: "owner" });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(["role"]);
    expect(
      await server.handle.db.selectFrom("users").select("id").where("email", "=", "x@example.com").execute(),
    ).toEqual([]);
  });

  it("changes a member's role and removes them from the team, ending their sessions each time", async () => {
    const member = await teamMember("moderator", "Rita Role");
    const changed = await ownerClient.post(`/home/team/${member.id}/role`, { role: "admin" });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await roleOf(member.email)).toBe("admin");
    expect((await whoAmI(member.client)).status).toBe(401);

    const again = await logInAs(server, member.email, PASSWORD);
    const removed = await ownerClient.post(`/home/team/${member.id}/remove`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await roleOf(member.email)).toBe("student");
    expect((await whoAmI(again)).status).toBe(401);
    // A student is not on the team: their id is not the team's to change.
    expect((await ownerClient.post(`/home/team/${member.id}/role`, { role: "admin" })).status).toBe(404);
  });

  it("cannot be demoted or removed", async () => {
    const ownerId = (
      await server.handle.db.selectFrom("users").select("id").where("email", "=", owner.email).executeTakeFirstOrThrow()
    ).id;
    const demoted = await ownerClient.post(`/home/team/${ownerId}/role`, { role: "moderator" });
    expect(demoted.status).toBe(422);
    expect(demoted.body.errors.role).toEqual(["The owner cannot be demoted."]);
    expect((await ownerClient.post(`/home/team/${ownerId}/remove`)).status).toBe(422);
    expect(await roleOf(owner.email)).toBe("admin");
  });
});

describe("another admin", () => {
  it("gets 403 on the team and the audit log, pages and calls, and no such links in the navigation", async () => {
    const admin = await teamMember("admin", "Adam Admin");
    const dashboard = await admin.client.page("/home");
    expect(dashboard.status).toBe(200);
    expect(dashboard.html).not.toContain('href="/home/team"');
    expect(dashboard.html).not.toContain('href="/home/audit"');
    expect((await admin.client.page("/home/team")).status).toBe(403);
    expect((await admin.client.page("/home/audit")).status).toBe(403);
    expect((await admin.client.post("/home/team", { name: "Z", email: "z@example.com", role: "admin" })).status).toBe(
      403,
    );
    expect((await admin.client.post(`/home/team/${admin.id}/role`, { role: "admin" })).status).toBe(403);
    expect((await admin.client.post(`/home/team/${admin.id}/remove`)).status).toBe(403);
    // The owner's navigation has both.
    const ownersOwn = await ownerClient.page("/home");
    expect(ownersOwn.html).toContain('href="/home/team"');
    expect(ownersOwn.html).toContain('href="/home/audit"');
  });
});

describe("a moderator", () => {
  let moderator: Awaited<ReturnType<typeof teamMember>>;
  beforeAll(async () => {
    moderator = await teamMember("moderator", "Max Moderator");
  });

  it("sees only Moderation in the navigation, and the queue", async () => {
    const page = await moderator.client.page("/home/moderation");
    expect(page.status).toBe(200);
    const nav = /<nav aria-label="Admin navigation"[^]*?<\/nav>/.exec(page.html)?.[0] ?? "";
    expect([...nav.matchAll(/href="(\/home[^"]*)"/g)].map((m) => m[1])).toEqual(["/home/moderation"]);
    // The school's name leads to the queue, not to the dashboard they may not open.
    expect(page.html).not.toContain('href="/home"');
  });

  it("hides and deletes in the community as admins do", async () => {
    const author = await newStudent(server, "Paula Poster");
    const { postId } = await arrangePost(server.handle.db, { userId: author.id });
    const hidden = await moderator.client.post("/home/moderation/hide", { type: "post", id: postId });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const row = await server.handle.db
      .selectFrom("community_posts")
      .select("hidden_at")
      .where("id", "=", postId)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    const deleted = await moderator.client.post("/home/moderation/delete", { type: "post", id: postId });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(
      await server.handle.db.selectFrom("community_posts").select("id").where("id", "=", postId).execute(),
    ).toEqual([]);
  });

  it("cannot see transactions, nor any other admin page or call (403)", async () => {
    expect((await moderator.client.page("/home/transactions")).status).toBe(403);
    expect((await moderator.client.post("/home/transactions/export", {})).status).toBe(403);
    expect((await moderator.client.page("/home")).status).toBe(403);
    expect((await moderator.client.page("/home/students")).status).toBe(403);
    expect((await moderator.client.page("/home/team")).status).toBe(403);
    expect((await moderator.client.page("/home/audit")).status).toBe(403);
    expect((await moderator.client.post("/student", { name: "S", email: "s@example.com" })).status).toBe(403);
  });
});

describe("the audit log", () => {
  it("keeps an admin's successful change, not a read, not a refused write", async () => {
    const admin = await teamMember("admin", "Lena Logger");
    const before = (await auditRows()).length;
    const created = await admin.client.post("/home/surveys", {
      title: "How is it going?",
      questions: [{ type: "text", title: "Your view" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const surveyId = created.body.survey.id as number;
    await vi.waitFor(async () => expect((await auditRows()).length).toBe(before + 1));
    const row = (await auditRows()).at(-1)!;
    expect(row).toMatchObject({ user_id: admin.id, actor_name: "Lena Logger", actor_role: "admin" });
    expect(row).toMatchObject({ method: "POST", route: "/home/surveys", status: 200 });

    // A read, a refused write (422), and a plain form refused (a 303 back to the form with its error): none kept.
    expect((await admin.client.page("/home/transactions")).status).toBe(200);
    expect((await admin.client.json("GET", "/my/account")).status).toBe(200);
    expect((await admin.client.post("/home/surveys", { title: "" })).status).toBe(422);
    const form = await admin.client.raw("/student", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: `${server.url}/home/students` },
      body: new URLSearchParams({ _csrf: admin.client.csrfToken, name: "", email: "bad" }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toContain("error=");
    // A write after them, to wait for: everything before it has been recorded (or not) by then.
    const deleted = await admin.client.post(`/home/surveys/${surveyId}/delete`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await vi.waitFor(async () => expect((await auditRows()).length).toBe(before + 2));
    const last = (await auditRows()).at(-1)!;
    expect(last).toMatchObject({ method: "POST", route: "/home/surveys/:id/delete" });
    expect(JSON.parse(last.targets)).toEqual({ id: String(surveyId) });
  });

  it("keeps ids and a short line, never a body's texts or secrets", async () => {
    const before = (await auditRows()).length;
    const response = await ownerClient.post("/home/team", {
      name: "Secret Name",
      email: "secret.person@example.com",
      role: "moderator",
      password: "hunter22",
    });
    expect(response.status).toBe(200);
    await vi.waitFor(async () => expect((await auditRows()).length).toBe(before + 1));
    const row = (await auditRows()).at(-1)!;
    expect(row.summary).toBe("role=moderator");
    expect(JSON.stringify(row)).not.toMatch(/hunter22|Secret Name|secret\.person/);
  });

  it("is the owner's page: filtered by person and by day, a page at a time", async () => {
    const rows = await auditRows();
    const lena = rows.find((row) => row.actor_name === "Lena Logger")!;
    const all = await ownerClient.page("/home/audit");
    expect(all.status).toBe(200);
    expect(all.html).toContain('data-audit="POST /home/surveys"');
    expect(all.html).toContain('data-audit="POST /home/team"');
    const hers = await ownerClient.page(`/home/audit?user_id=${lena.user_id}`);
    expect(hers.html).toContain('data-audit="POST /home/surveys/:id/delete"');
    expect(hers.html).not.toContain('data-audit="POST /home/team"');
    const today = new Date().toISOString().slice(0, 10);
    expect((await ownerClient.page(`/home/audit?from=${today}&to=${today}`)).html).toContain("Lena Logger");
    const longAgo = await ownerClient.page("/home/audit?from=2000-01-01&to=2000-01-02");
    expect(longAgo.html).not.toContain("data-audit=");
    // Keyset paging: below the newest row's id, the newest row is gone.
    const newest = rows.at(-1)!;
    const below = await ownerClient.page(`/home/audit?after=${newest.id}`);
    expect(below.status).toBe(200);
    expect(below.html).toContain("Lena Logger");
  });

  it("answers in the school's language: the owner's refusal in Polish, and the settings change is logged", async () => {
    await changeSettings(ownerClient, englishSchool, { language: "pl" });
    try {
      const ownerId = (
        await server.handle.db
          .selectFrom("users")
          .select("id")
          .where("email", "=", owner.email)
          .executeTakeFirstOrThrow()
      ).id;
      const demoted = await ownerClient.post(`/home/team/${ownerId}/remove`);
      expect(demoted.body.errors.role).toEqual(["Nie można odebrać roli właścicielowi."]);
    } finally {
      await changeSettings(ownerClient, englishSchool, { language: "en" });
    }
    await vi.waitFor(async () =>
      expect((await auditRows()).filter((row) => row.method === "PUT" && row.route === "/home/settings")).toHaveLength(
        2,
      ),
    );
  });
});
