// The route-table rule: every state-changing route declares a limit from server/http/route-limits.ts or an exemption
// with its reason, or the server does not start. Checked on a small app, and on the real one (buildApp).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#platform/config.ts";
import { buildApp } from "../app.ts";
import { exemptions, limited, routeLimits } from "../http/route-limits.ts";
import { createServices, type Services } from "../services.ts";
import { routeRateLimitPlugin } from "./route-rate-limit.ts";

async function smallApp(addRoutes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(routeRateLimitPlugin, {
    limits: Object.values(routeLimits),
    scale: 1,
    createLimiter: async (options) => new RateLimiterMemory(options),
  });
  await app.register(async (scope) => addRoutes(scope));
  await app.ready();
  return app;
}

describe("a state-changing route without a declared limit", () => {
  const handler = async () => ({ ok: true });

  it("stops the app from starting", async () => {
    await expect(smallApp((app) => app.post("/new-public-form", handler))).rejects.toThrow(
      "POST /new-public-form declares no rate limit",
    );
    await expect(smallApp((app) => app.delete("/things/:id", handler))).rejects.toThrow("declares no rate limit");
    await expect(smallApp((app) => app.route({ method: ["PUT", "PATCH"], url: "/x", handler }))).rejects.toThrow(
      "PUT,PATCH /x declares no rate limit",
    );
  });

  it("is refused with an exemption that gives no reason, or with a limit that is not in the table", async () => {
    await expect(smallApp((app) => app.post("/a", limited({ exempt: " " }), handler))).rejects.toThrow(
      "without a reason",
    );
    const madeUp = { name: "vote", points: 1_000_000, duration: 1, by: "ip" } as const;
    await expect(smallApp((app) => app.post("/b", limited(madeUp), handler))).rejects.toThrow("not in server/http");
  });

  it("lets through reads, declared limits and exemptions with a reason, and lists them", async () => {
    const app = await smallApp((scope) => {
      scope.get("/page", handler);
      scope.post("/search", { config: { readOnly: true } }, handler);
      scope.post("/vote", limited(routeLimits.vote), handler);
      scope.post("/notify", limited(exemptions.providerNotification), handler);
    });
    expect(app.routeLimitTable).toEqual([
      { method: "POST", url: "/search", rateLimit: "read-only" },
      { method: "POST", url: "/vote", rateLimit: routeLimits.vote },
      { method: "POST", url: "/notify", rateLimit: exemptions.providerNotification },
    ]);
    await app.close();
  });
});

describe("the real application", () => {
  let services: Services;
  let app: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-route-limits-"));

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", SECRET_KEY: "x".repeat(40) });
    services = await createServices(config);
    const noPages = () => Promise.reject(new Error("no pages in this test"));
    app = await buildApp({ services, pages: { build: noPages, mode: "development" } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await services?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts: every state-changing route declares its limit or an exemption", () => {
    const declared = new Map(app.routeLimitTable.map((row) => [`${row.method} ${row.url}`, row.rateLimit]));
    // The public write paths of the issue, each with its limit.
    expect(declared.get("POST /register")).toBe(routeLimits.register);
    expect(declared.get("POST /checkout/register")).toBe(routeLimits.register);
    expect(declared.get("POST /:slug/onepagecheckoutregister")).toBe(routeLimits.register);
    expect(declared.get("POST /login")).toBe(routeLimits.login);
    expect(declared.get("POST /forgot-password")).toBe(routeLimits.passwordResetRequest);
    expect(declared.get("POST /comments")).toBe(routeLimits.comment);
    expect(declared.get("POST /comment/:id/reply")).toBe(routeLimits.reply);
    expect(declared.get("POST /vote")).toBe(routeLimits.vote);
    expect(declared.get("POST /:slug/onepagecheckout")).toBe(routeLimits.checkout);
    expect(declared.get("POST /json/promo-code")).toBe(routeLimits.promoCheck);
    expect(declared.get("POST /json/reviews/store")).toBe(routeLimits.review);
    expect(declared.get("POST /lecture/:id/notes")).toBe(routeLimits.note);
    // Providers' notifications are never dropped.
    expect(declared.get("POST /payments/:provider/notify")).toBe(exemptions.providerNotification);
    expect(declared.get("POST /webhooks/bunny")).toBe(exemptions.providerNotification);
    // Nothing a visitor or a student can call is exempt except reads and providers' notifications.
    const exempt = app.routeLimitTable.filter((row) => typeof row.rateLimit === "object" && "exempt" in row.rateLimit);
    expect(exempt.map((row) => `${row.method} ${row.url}`).sort()).toEqual([
      "POST /json/reviews",
      "POST /payments/:provider/notify",
      "POST /transaction/:hash/pending",
      "POST /webhooks/bunny",
    ]);
  });
});
