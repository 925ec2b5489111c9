// Forgotten password (POST /forgot-password, POST /reset-password): the answer never tells whether an
// account exists; the link goes out through the mail job; it is single use, expires, is superseded by a
// newer one, is stored hashed, ends the other sessions, and works for an account locked by throttling.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ageResetLinks,
  logInAs,
  requestResetToken,
  resetMailsTo,
  resetTokenIn,
  visitor,
  whoAmI,
} from "../helpers/accounts.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
const invalidLink = "This password reset link is invalid, expired or already used. Ask for a new one.";

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

let counter = 0;
async function newStudent() {
  counter += 1;
  const student = { name: `Reader ${counter}`, email: `reader${counter}@example.com`, password: "first-secret" };
  await registerStudent(server, student);
  return student;
}

async function reset(token: string, password = "brand-new-secret", confirmation = password) {
  const client = await visitor(server, `/reset-password?token=${encodeURIComponent(token)}`);
  const response = await client.post("/reset-password", { token, password, password_confirmation: confirmation });
  return { client, response };
}

describe("asking for a link", () => {
  it("answers the same for an existing and an unknown e-mail, and only mails the existing one", async () => {
    const student = await newStudent();
    const jobsBefore = await server.handle.db
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "mail.password_reset")
      .execute();

    const known = await (await visitor(server, "/forgot-password")).post("/forgot-password", { email: student.email });
    const unknown = await (
      await visitor(server, "/forgot-password")
    ).post("/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(
      "If an account exists for that e-mail address, we have sent a link to reset the password. It is valid for 60 minutes.",
    );

    const jobsAfter = await server.handle.db
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "mail.password_reset")
      .execute();
    expect(jobsAfter.length).toBe(jobsBefore.length + 1);
    expect(await resetMailsTo(server, "nobody@example.com")).toEqual([]);
  });

  it("queues a reset mail job that holds no usable link; the mail kept in the outbox has none either", async () => {
    const student = await newStudent();
    await (await visitor(server, "/forgot-password")).post("/forgot-password", { email: student.email });
    const [mail] = await resetMailsTo(server, student.email);
    expect(mail).toBeDefined();
    const token = resetTokenIn(mail!);
    const job = await server.handle.db
      .selectFrom("jobs")
      .select("payload")
      .where("id", "=", mail!.id)
      .executeTakeFirstOrThrow();
    expect(job.payload).not.toContain(token);
    expect(job.payload).not.toContain("reset-password?token=");

    const delivered = await waitFor(() =>
      server.handle.db.selectFrom("mails").selectAll().where("to_address", "=", student.email).executeTakeFirst(),
    );
    expect(delivered.subject).toBe("Reset your password at Test Academy");
    expect(delivered.text_body).toContain(student.name);
    expect(delivered.text_body).toContain("[the link is sent only to the recipient and not kept here]");
    expect(delivered.text_body).not.toContain(token);
    expect(delivered.text_body).not.toContain("reset-password?token=");
    // The link the recipient gets (derived from the job's reference) works.
    expect((await reset(token)).response.status).toBe(200);
  });

  it("stores the token hashed: the password_resets row does not contain it", async () => {
    const student = await newStudent();
    const token = await requestResetToken(server, student.email);
    const rows = await server.handle.db.selectFrom("password_resets").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.token_hash === createHash("sha256").update(token).digest("hex"));
    expect(row).toBeDefined();
    const minutes = (Date.parse(row!.expires_at) - Date.parse(row!.created_at)) / 60_000;
    expect(minutes).toBe(60);
  });

  it("never writes the token to the server's log", async () => {
    const student = await newStudent();
    const token = await requestResetToken(server, student.email);
    await waitFor(() =>
      server.handle.db.selectFrom("mails").select("id").where("to_address", "=", student.email).executeTakeFirst(),
    );
    await reset(token);
    expect(server.output()).not.toContain(token);
  });
});

describe("using a link", () => {
  it("sets the new password and logs the user in; the old password stops working", async () => {
    const student = await newStudent();
    const token = await requestResetToken(server, student.email);
    const { client, response } = await reset(token, "brand-new-secret");
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBe("/my");
    expect(response.body.csrf_token).toBeTruthy();
    const me = await whoAmI(client);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(student.email);

    expect(
      (await (await visitor(server)).post("/login", { email: student.email, password: "first-secret" })).status,
    ).toBe(422);
    await logInAs(server, student.email, "brand-new-secret");
  });

  it("works once: a second use answers 422 with the invalid-link message", async () => {
    const student = await newStudent();
    const token = await requestResetToken(server, student.email);
    expect((await reset(token, "first-new-secret")).response.status).toBe(200);
    const second = await reset(token, "second-new-secret");
    expect(second.response.status).toBe(422);
    expect(second.response.body.errors.token).toEqual([invalidLink]);
    expect(second.response.body.message).toBe(invalidLink);
    expect((await whoAmI(second.client)).status).toBe(401);
    await logInAs(server, student.email, "first-new-secret");
  });

  it("checks the password rules before spending the link", async () => {
    const student = await newStudent();
    const token = await requestResetToken(server, student.email);
    const short = await reset(token, "12345");
    expect(short.response.status).toBe(422);
    expect(short.response.body.errors.password).toEqual(["Minimum characters: 6."]);
    const mismatch = await reset(token, "long-enough", "long-enougH");
    expect(mismatch.response.status).toBe(422);
    expect(mismatch.response.body.errors.password_confirmation).toEqual(["The values do not match."]);
    expect((await reset(token, "long-enough")).response.status).toBe(200);
  });

  it("rejects an expired link", async () => {
    const student = await newStudent();
    const token = await requestResetToken(server, student.email);
    await server.handle.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", createHash("sha256").update(token).digest("hex"))
      .execute();
    const { response } = await reset(token);
    expect(response.status).toBe(422);
    expect(response.body.errors.token).toEqual([invalidLink]);
    await logInAs(server, student.email, "first-secret");
  });

  it("rejects an unknown token", async () => {
    const { response } = await reset("made-up-token");
    expect(response.status).toBe(422);
    expect(response.body.errors.token).toEqual([invalidLink]);
  });

  it("lets a newer link supersede an older one", async () => {
    const student = await newStudent();
    const older = await requestResetToken(server, student.email);
    await ageResetLinks(server, student.email);
    const newer = await requestResetToken(server, student.email);
    expect(newer).not.toBe(older);

    const old = await reset(older, "from-the-old-link");
    expect(old.response.status).toBe(422);
    expect(old.response.body.errors.token).toEqual([invalidLink]);
    expect((await reset(newer, "from-the-new-link")).response.status).toBe(200);
    await logInAs(server, student.email, "from-the-new-link");
  });

  it("ends every other session of the account", async () => {
    const student = await newStudent();
    const laptop = await logInAs(server, student.email, student.password);
    const phone = await logInAs(server, student.email, student.password);
    const token = await requestResetToken(server, student.email);
    const { client } = await reset(token);
    expect((await whoAmI(laptop)).status).toBe(401);
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await whoAmI(client)).status).toBe(200);
  });
});

describe("a throttled account", () => {
  it("can still ask for a link and reset its password", async () => {
    const student = await newStudent();
    for (let i = 1; i <= 5; i++)
      await (await visitor(server)).post("/login", { email: student.email, password: `guess-${i}` });
    const blocked = await (await visitor(server)).post("/login", { email: student.email, password: student.password });
    expect(blocked.status).toBe(429);

    const token = await requestResetToken(server, student.email);
    const { client, response } = await reset(token, "after-the-attack");
    expect(response.status).toBe(200);
    expect((await whoAmI(client)).status).toBe(200);
  });
});
