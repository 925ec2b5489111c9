// The statuses no page's use-case throws yet (403, 409, 422, 503), on the real application: buildApp with the real
// page build, whose /products loader is replaced by one that throws the AppError under test, spoken to over HTTP.
// Each answers with the API's status and its own page in the school's language, inside the public look.
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#core/errors.ts";
import { loadConfig } from "#platform/config.ts";
import { buildApp } from "#server/app.ts";
import { clientDir, serverBuildFile } from "#server/build.ts";
import { createServices, type Services } from "#server/services.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";
import { TEST_SECRET_KEY, type TestServer } from "../helpers/test-server.ts";

let database: TestDatabase;
let services: Services;
let app: FastifyInstance;
let url: string;
let admin: BrowserClient;
/** What the /products loader throws next. */
let thrown: unknown = new Error("not set");

const text = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    SECRET_KEY: TEST_SECRET_KEY,
    PASSWORD_SCRYPT_N: "16384",
    RATE_LIMIT_SCALE: "50",
  });
  services = await createServices(config);
  const real = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const products = real.routes["routes/products/index"]!;
  const loader = async () => {
    throw thrown;
  };
  const build: ServerBuild = {
    ...real,
    routes: { ...real.routes, [products.id]: { ...products, module: { ...products.module, loader } } },
  };
  app = await buildApp({ services, pages: { build, mode: "production", clientDir } });
  url = (await app.listen({ port: 0, host: "127.0.0.1" })).replace("0.0.0.0", "127.0.0.1");
  admin = await setUpSchool({ url } as TestServer, { language: "en" });
});

afterAll(async () => {
  await app?.close();
  await services?.close();
  await database?.drop();
});

async function productsPage(error: unknown) {
  thrown = error;
  return new BrowserClient(url).page("/products");
}

describe("an AppError from a page loader, on the real pages", () => {
  it("forbidden answers 403 with the 403 page in English and in Polish", async () => {
    let page = await productsPage(new AppError("forbidden"));
    expect(page.status).toBe(403);
    expect(page.html).toContain("Error 403");
    expect(text(page.html)).toContain("You don't have access to this page.");
    expect(page.html).toContain("Log in"); // the public header
    expect(page.html).toContain("<title>You don&#x27;t have access to this page. · Test Academy</title>");

    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      page = await productsPage(new AppError("forbidden"));
      expect(page.status).toBe(403);
      expect(page.html).toContain('<html lang="pl"');
      expect(page.html).toContain("Błąd 403");
      expect(page.html).toContain("Nie masz dostępu do tej strony.");
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl" }, { language: "en" });
    }
  });

  it("conflict answers 409 and shows the use-case's own message", async () => {
    const page = await productsPage(new AppError("conflict", { messageKey: "access:invitation_used" }));
    expect(page.status).toBe(409);
    expect(page.html).toContain("Error 409");
    expect(page.html).toContain("This has changed in the meantime.");
    expect(page.html).toContain("This invitation has already been used.");
  });

  it("validation answers 422 with the field's message", async () => {
    const page = await productsPage(new AppError("validation", { fields: { q: [{ key: "validation:required" }] } }));
    expect(page.status).toBe(422);
    expect(page.html).toContain("This request is not valid.");
    expect(page.html).toContain("This field is required.");
  });

  it("unavailable answers 503 with its own words and no message of the error", async () => {
    const page = await productsPage(new AppError("unavailable", { messageKey: "errors:public_address_missing" }));
    expect(page.status).toBe(503);
    expect(page.html).toContain("Temporarily unavailable.");
    // A 5xx page shows no message of its own (the page's data still carries the API's body, as JSON would).
    expect(page.html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("public address");
  });

  it("an error that is not an AppError answers 500 without its message", async () => {
    const page = await productsPage(new Error("secret internals at core/x.ts:12"));
    expect(page.status).toBe(500);
    expect(page.html).toContain("Something went wrong");
    expect(page.html).not.toContain("secret internals");
    expect(page.html).not.toContain("core/x.ts");
  });
});
