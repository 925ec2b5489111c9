// Arranging a school through the real HTTP API, as the owner would on /setup.
import { BrowserClient } from "./browser-client.ts";
import type { TestServer } from "./test-server.ts";

export const owner = { name: "Olga Owner", email: "owner@example.com", password: "owner-secret" };

export async function setUpSchool(
  server: TestServer,
  options: { language?: "en" | "pl"; currency?: string; sample?: boolean } = {},
): Promise<BrowserClient> {
  const admin = new BrowserClient(server.url);
  await admin.page("/setup");
  const response = await admin.post("/setup", {
    school_name: options.language === "pl" ? "Akademia Testowa" : "Test Academy",
    language: options.language ?? "en",
    currency: options.currency ?? (options.language === "pl" ? "PLN" : "EUR"),
    name: owner.name,
    email: owner.email,
    password: owner.password,
    sample: options.sample ?? false,
  });
  if (response.status !== 200) throw new Error(`setup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return admin;
}

/** A new visitor who registers as a student; returns their logged-in client. */
export async function registerStudent(
  server: TestServer,
  student = { name: "Stefan Student", email: "student@example.com", password: "student-secret" },
): Promise<BrowserClient> {
  const client = new BrowserClient(server.url);
  await client.page("/register");
  const response = await client.post("/register", student);
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}
