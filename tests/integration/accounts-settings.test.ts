// Account settings under /my/account: profile name, e-mail and password changes that re-authenticate with
// the current password, signing out the other devices, and e-mail notification preferences.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAs, visitor, whoAmI } from "../helpers/accounts.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

let counter = 0;
async function newStudent() {
  counter += 1;
  const student = { name: `Member ${counter}`, email: `member${counter}@example.com`, password: "member-secret" };
  const client = await registerStudent(server, student);
  return { ...student, client };
}

describe("when logged out", () => {
  it("answers 401 to every account call", async () => {
    const client = await visitor(server);
    expect((await client.json("GET", "/my/account")).status).toBe(401);
    expect((await client.json("PUT", "/my/account", { name: "X" })).status).toBe(401);
    expect((await client.post("/my/account/email", { email: "x@example.com", current_password: "x" })).status).toBe(
      401,
    );
    expect(
      (
        await client.post("/my/account/password", {
          current_password: "x",
          password: "123456",
          password_confirmation: "123456",
        })
      ).status,
    ).toBe(401);
    expect(
      (await client.post("/my/account/notifications", { product_updates: false, community_replies: false })).status,
    ).toBe(401);
  });
});

describe("profile", () => {
  it("changes the name", async () => {
    const { client } = await newStudent();
    const response = await client.json("PUT", "/my/account", { name: "  New Name  " });
    expect(response.status).toBe(200);
    expect(response.body.user.name).toBe("New Name");
    expect((await whoAmI(client)).body.user.name).toBe("New Name");
  });

  it("refuses an empty name", async () => {
    const { client, name } = await newStudent();
    const response = await client.json("PUT", "/my/account", { name: "   " });
    expect(response.status).toBe(422);
    expect(response.body.errors.name).toEqual(["This field is required."]);
    expect((await whoAmI(client)).body.user.name).toBe(name);
  });

  it("ignores a role in the body: a student cannot make themselves an admin", async () => {
    const { client } = await newStudent();
    await client.json("PUT", "/my/account", { name: "Sneaky", role: "admin" });
    expect((await whoAmI(client)).body.user.type).toBe("App\\Student");
  });
});

describe("e-mail", () => {
  it("needs the right current password", async () => {
    const { client, email } = await newStudent();
    const response = await client.post("/my/account/email", {
      email: "changed@example.com",
      current_password: "wrong",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ current_password: ["The current password is not correct."] });
    expect((await whoAmI(client)).body.user.email).toBe(email);
  });

  it("changes the address with the right password; the new one logs in, the old one no longer", async () => {
    const { client, password } = await newStudent();
    const response = await client.post("/my/account/email", { email: "Moved@Example.com", current_password: password });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe("moved@example.com");
    await logInAs(server, "moved@example.com", password);
    expect(
      (await (await visitor(server)).post("/login", { email: `member${counter}@example.com`, password })).status,
    ).toBe(422);
  });

  it("refuses an address another account uses", async () => {
    const { client, password } = await newStudent();
    const response = await client.post("/my/account/email", { email: owner.email, current_password: password });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual(["This e-mail address is already used by another account."]);
  });
});

describe("password", () => {
  it("needs the right current password", async () => {
    const { client } = await newStudent();
    const response = await client.post("/my/account/password", {
      current_password: "wrong",
      password: "next-secret",
      password_confirmation: "next-secret",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.current_password).toEqual(["The current password is not correct."]);
  });

  it("signs out the other sessions when asked, keeps the current one, and the new password works", async () => {
    const { client, email, password } = await newStudent();
    const phone = await logInAs(server, email, password);
    const response = await client.post("/my/account/password", {
      current_password: password,
      password: "next-secret",
      password_confirmation: "next-secret",
      sign_out_others: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Your password has been changed.");
    expect((await whoAmI(client)).status).toBe(200);
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await (await visitor(server)).post("/login", { email, password })).status).toBe(422);
    await logInAs(server, email, "next-secret");
  });

  it("signs out the other sessions by default", async () => {
    const { client, email, password } = await newStudent();
    const phone = await logInAs(server, email, password);
    const response = await client.post("/my/account/password", {
      current_password: password,
      password: "next-secret",
      password_confirmation: "next-secret",
    });
    expect(response.status).toBe(200);
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await whoAmI(client)).status).toBe(200);
  });

  it("keeps the other sessions when not asked to sign them out", async () => {
    const { client, email, password } = await newStudent();
    const phone = await logInAs(server, email, password);
    const response = await client.post("/my/account/password", {
      current_password: password,
      password: "next-secret",
      password_confirmation: "next-secret",
      sign_out_others: false,
    });
    expect(response.status).toBe(200);
    expect((await whoAmI(phone)).status).toBe(200);
  });

  it("checks the length and the confirmation", async () => {
    const { client, password } = await newStudent();
    const response = await client.post("/my/account/password", {
      current_password: password,
      password: "12345",
      password_confirmation: "54321",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.password).toEqual(["Minimum characters: 6."]);
    expect(response.body.errors.password_confirmation).toEqual(["The values do not match."]);
  });
});

describe("notifications", () => {
  it("starts with everything on, saves the choice and reads it back", async () => {
    const { client } = await newStudent();
    expect((await whoAmI(client)).body.user.email_notification).toMatchObject({
      product_updates: true,
      community_replies: true,
    });

    const response = await client.post("/my/account/notifications", {
      product_updates: false,
      community_replies: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.email_notification).toMatchObject({ product_updates: false, community_replies: true });
    expect((await whoAmI(client)).body.user.email_notification).toEqual({
      product_updates: false,
      community_replies: true,
      community_topics: [],
    });

    await client.post("/my/account/notifications", { product_updates: true, community_replies: false });
    expect((await whoAmI(client)).body.user.email_notification).toMatchObject({
      product_updates: true,
      community_replies: false,
    });
  });

  it("refuses values that are not booleans", async () => {
    const { client } = await newStudent();
    const response = await client.post("/my/account/notifications", { product_updates: "no", community_replies: true });
    expect(response.status).toBe(422);
    expect(response.body.errors.product_updates).toEqual(["Choose yes or no."]);
  });
});
