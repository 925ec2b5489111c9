// Logs never contain passwords, reset tokens, session cookies or card data: the account flows that carry
// them run against a real server logging at its most verbose, and its whole output is searched for them.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetMailsTo, resetTokenIn } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "trace" });
});
afterAll(() => server?.stop());

const student = { name: "Lena Logs", email: "lena@example.com", password: "Lena-first-Passw0rd" };
const newPassword = "Lena-second-Passw0rd";
const card = { cardNumber: "4242424242424242", cvv: "318", expiry: "12/30" };

function sessionCookies(client: BrowserClient): string[] {
  return [...client.cookies.values()].filter((value) => value.length >= 16);
}

it("keeps passwords, reset tokens, session cookies and card numbers out of the server's output", async () => {
  const admin = await setUpSchool(server);
  const secrets: string[] = [owner.password, student.password, newPassword, card.cardNumber, ...sessionCookies(admin)];

  // Register and log in with the password (a wrong one too: failures are logged more than successes).
  const registered = await registerStudent(server, student);
  secrets.push(...sessionCookies(registered));
  const visitor = new BrowserClient(server.url);
  await visitor.page("/login");
  const wrong = await visitor.post("/login", { email: student.email, password: `${student.password}-wrong` });
  expect(wrong.status).toBe(422);
  secrets.push(`${student.password}-wrong`);
  expect((await visitor.post("/login", { email: student.email, password: student.password })).status).toBe(200);
  secrets.push(...sessionCookies(visitor));

  // Forgot password: the token travels by e-mail (the outbox), in a URL and in a JSON body.
  const forgetful = new BrowserClient(server.url);
  await forgetful.page("/forgot-password");
  expect((await forgetful.post("/forgot-password", { email: student.email })).status).toBe(200);
  await waitFor(() =>
    server.handle.db.selectFrom("mails").select("id").where("to_address", "=", student.email).executeTakeFirst(),
  );
  const token = resetTokenIn((await resetMailsTo(server, student.email))[0]!);
  secrets.push(token);
  await forgetful.page(`/reset-password?token=${encodeURIComponent(token)}`);
  // A mismatched confirmation first (a 422 that carries the token and the password), then the real reset.
  expect(
    (await forgetful.post("/reset-password", { token, password: newPassword, password_confirmation: "nope-nope-nope" }))
      .status,
  ).toBe(422);
  const reset = await forgetful.post("/reset-password", {
    token,
    password: newPassword,
    password_confirmation: newPassword,
  });
  expect(reset.status).toBe(200);
  secrets.push(...sessionCookies(forgetful));

  // Card data in JSON bodies: on a route that exists (a 422), on one that does not (a 404), and in a URL.
  const shopper = new BrowserClient(server.url);
  await shopper.page("/login");
  expect((await shopper.post("/register", { ...card, name: "", email: "x", password: "" })).status).toBe(422);
  expect((await shopper.post("/checkout/pay", card)).status).toBe(404);
  await shopper.page(`/pay?cardNumber=${card.cardNumber}&cvv=${card.cvv}`);
  // A malformed JSON body carrying the password.
  const malformed = await shopper.raw("/login", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-csrf-token": shopper.csrfToken,
      "x-requested-with": "XMLHttpRequest",
    },
    body: `{"email":"${student.email}","password":"${newPassword}"`,
  });
  expect(malformed.status).toBe(422);

  // Every request's lines have reached us (each one's completion is logged), and the mail job's.
  await waitFor(() => server.logs.some((line) => line.msg === "mail kept in the outbox"));
  await waitFor(() => {
    const count = (msg: string) => server.logs.filter((line) => line.msg === msg).length;
    return count("incoming request") > 10 && count("request completed") === count("incoming request");
  });
  const output = server.output();
  expect(output.length).toBeGreaterThan(1000);
  expect(output).toContain("/reset-password");
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThanOrEqual(8);
    expect(output, `the output contains ${secret.slice(0, 4)}...`).not.toContain(secret);
  }
});

it("keeps the secret in capability paths (invitation links, transaction status, the test provider) out of it", async () => {
  const visitor = new BrowserClient(server.url);
  await visitor.page("/login");
  const invitation = randomBytes(32).toString("base64url");
  const hash = randomBytes(24).toString("base64url");
  const before = server.logs.filter((line) => line.msg === "request completed").length;
  const paths = [`/invitations/${invitation}`, `/transaction/${hash}`, `/payments/test/${hash}`];
  for (const path of paths) await visitor.page(path);
  await visitor.post(`/invitations/${invitation}/accept`, {});
  await visitor.raw(`/transaction/${hash}/pending`, {
    method: "POST",
    headers: { "x-requested-with": "XMLHttpRequest" },
  });
  await visitor.post(`/payments/test/${hash}/approve`, {});
  await waitFor(() => server.logs.filter((line) => line.msg === "request completed").length >= before + 6);
  const output = server.output();
  expect(output).toContain("/invitations/[redacted]");
  expect(output).toContain("/transaction/[redacted]");
  for (const secret of [invitation, hash]) expect(output).not.toContain(secret);
});
