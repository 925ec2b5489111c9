// What happens to the reset links and the password hash around the account settings: a password change and
// an e-mail change void every open reset link (and offer to sign out the other sessions); parallel requests
// for a link send one mail; a hash made with weaker scrypt parameters is redone at the next login.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#core/accounts/passwords.ts";
import { logInAs, requestResetToken, resetMailsTo, visitor, whoAmI } from "../helpers/accounts.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
// Above the 2^14 the other tests use, to show a weaker hash being replaced.
const SCRYPT_N = 2 ** 15;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_SCRYPT_N: String(SCRYPT_N) });
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const invalidLink = "This password reset link is invalid, expired or already used. Ask for a new one.";

let counter = 0;
async function newStudent() {
  counter += 1;
  const student = { name: `Linked ${counter}`, email: `linked${counter}@example.com`, password: "first-secret" };
  const client = await registerStudent(server, student);
  return { ...student, client };
}

async function useLink(token: string) {
  const client = await visitor(server, `/reset-password?token=${encodeURIComponent(token)}`);
  return client.post("/reset-password", { token, password: "from-the-link", password_confirmation: "from-the-link" });
}

describe("a password change", () => {
  it("voids the reset link sent before it", async () => {
    const student = await newStudent();
    const token = await requestResetToken(server, student.email);
    const changed = await student.client.post("/my/account/password", {
      current_password: student.password,
      password: "changed-secret",
      password_confirmation: "changed-secret",
    });
    expect(changed.status).toBe(200);
    const used = await useLink(token);
    expect(used.status).toBe(422);
    expect(used.body.errors.token).toEqual([invalidLink]);
    await logInAs(server, student.email, "changed-secret");
  });
});

describe("an e-mail change", () => {
  it("voids the reset link sent to the old address and signs out the other sessions by default", async () => {
    const student = await newStudent();
    const phone = await logInAs(server, student.email, student.password);
    const token = await requestResetToken(server, student.email);
    const changed = await student.client.post("/my/account/email", {
      email: `moved${counter}@example.com`,
      current_password: student.password,
    });
    expect(changed.status).toBe(200);
    expect((await useLink(token)).status).toBe(422);
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await whoAmI(student.client)).status).toBe(200);
  });

  it("keeps the other sessions when asked to", async () => {
    const student = await newStudent();
    const phone = await logInAs(server, student.email, student.password);
    const changed = await student.client.post("/my/account/email", {
      email: `kept${counter}@example.com`,
      current_password: student.password,
      sign_out_others: false,
    });
    expect(changed.status).toBe(200);
    expect((await whoAmI(phone)).status).toBe(200);
  });

  it("offers the choice on the settings page", async () => {
    const student = await newStudent();
    const { html } = await student.client.page("/my/account");
    const emailForm = /<form[^>]*action="\/my\/account\/email"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(emailForm).toContain('name="sign_out_others"');
  });
});

describe("asking for a link", () => {
  it("20 requests at once send one mail", async () => {
    const student = await newStudent();
    const clients = await Promise.all(Array.from({ length: 20 }, () => visitor(server, "/forgot-password")));
    const answers = await Promise.all(
      clients.map((client) => client.post("/forgot-password", { email: student.email })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await resetMailsTo(server, student.email)).length).toBe(1);
  });
});

describe("password hashes", () => {
  it("are made with the configured scrypt parameters, stored in the hash", async () => {
    const student = await newStudent();
    const row = await server.handle.db
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", student.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${SCRYPT_N}\\$8\\$1\\$`));
  });

  it("made with weaker parameters keep working and are redone at the next login", async () => {
    const student = await newStudent();
    const weaker = await hashPassword(student.password, { N: 2 ** 14, r: 8, p: 1 });
    await server.handle.db
      .updateTable("users")
      .set({ password_hash: weaker })
      .where("email", "=", student.email)
      .execute();
    await logInAs(server, student.email, student.password);
    const row = await server.handle.db
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", student.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toBe(weaker);
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${SCRYPT_N}\\$8\\$1\\$`));
    await logInAs(server, student.email, student.password);
    expect((await (await visitor(server)).post("/login", { email: student.email, password: "not-it" })).status).toBe(
      422,
    );
  });
});
