// Builds the Fastify application: security headers, request context, CSRF, the JSON API (§7), static
// assets and the React Router pages. main.ts and the tests both call buildApp.
import path from "node:path";
import fs from "node:fs";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { AppError } from "#core/errors.ts";
import {
  lazyChildLoggerFactory,
  loggerOptions,
  prettyLogStream,
  requestIdFor,
  trackRequestIds,
} from "#platform/logging.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import { accountRoutes } from "./api/accounts.ts";
import { schoolRoutes } from "./api/school.ts";
import { jobRoutes } from "./api/jobs.ts";
import { catalogRoutes } from "./api/catalog.ts";
import { reviewRoutes } from "./api/reviews.ts";
import { authoringRoutes } from "./api/authoring.ts";
import { courseReportRoutes } from "./api/course-reports.ts";
import { discussionRoutes } from "./api/discussion.ts";
import { communityRoutes } from "./api/community.ts";
import { communityGalleryRoutes } from "./api/community-gallery.ts";
import { moderationRoutes } from "./api/moderation.ts";
import { surveyRoutes } from "./api/surveys.ts";
import { leadRoutes } from "./api/leads.ts";
import { certificateRoutes } from "./api/certificates.ts";
import { favouriteRoutes } from "./api/favourites.ts";
import { examRoutes } from "./api/exams.ts";
import { learningRoutes } from "./api/learning.ts";
import { mediaRoutes } from "./api/media.ts";
import { mediaTransferRoutes } from "./api/media-transfer.ts";
import { integrationRoutes } from "./api/integrations.ts";
import { webhookRoutes } from "./api/webhooks.ts";
import { pageRoutes } from "./api/pages.ts";
import { invoiceRoutes } from "./api/invoices.ts";
import { checkoutRoutes } from "./api/checkout.ts";
import { productRoutes } from "./api/products.ts";
import { articleRoutes } from "./api/articles.ts";
import { promoRoutes } from "./api/promo.ts";
import { communityAdminRoutes } from "./api/community-admin.ts";
import { membershipsAdminRoutes } from "./api/memberships-admin.ts";
import { membershipRoutes } from "./api/memberships.ts";
import { membershipCardRoutes } from "./api/memberships-card.ts";
import { membershipStripeRoutes } from "./api/memberships-stripe.ts";
import { membershipMembersRoutes } from "./api/memberships-members.ts";
import { paymentNotificationRoutes } from "./api/payment-notifications.ts";
import { accessManagerRoutes } from "./api/access-manager.ts";
import { transactionRoutes } from "./api/transactions.ts";
import { studentRoutes } from "./api/students.ts";
import { privacyRoutes } from "./api/privacy.ts";
import { teamRoutes } from "./api/team.ts";
import { siteRoutes } from "./api/site.ts";
import { statusRoutes } from "./api/status.ts";
import { communityNotificationRoutes } from "./api/community-notifications.ts";
import { sendError } from "./http/errors.ts";
import { routeLimits } from "./http/route-limits.ts";
import { tuneGarbageCollection } from "./http/garbage-collection.ts";
import { csrfGuardPlugin } from "./plugins/csrf-guard.ts";
import { pagesPlugin } from "./plugins/pages.ts";
import { requestContextPlugin } from "./plugins/request-context.ts";
import { auditTrailPlugin } from "./plugins/audit-trail.ts";
import { routeRateLimitPlugin } from "./plugins/route-rate-limit.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import type { Config } from "#platform/config.ts";
import type { Services } from "./services.ts";

export type AppOptions = {
  services: Services;
  pages: { build: ServerBuild | (() => Promise<ServerBuild>); mode: "production" | "development"; clientDir?: string };
  /** In development Vite serves modules and assets through this hook. */
  devMiddleware?: (app: FastifyInstance) => Promise<void>;
};

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's "the first n hops" function (Fastify 5 refuses
 * bare numbers): the socket's peer and the n-1 addresses it appended are proxies, the next one to the left is the
 * client, and anything further left (what the client wrote itself) is never read. A list of addresses goes as is.
 */
export function trustedHops(
  trust: Config["TRUST_PROXY"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || Array.isArray(trust)) return trust;
  return (_address, hop) => hop < trust;
}

/** One route as the sweeps see it: its methods and its path pattern. */
export type RouteTableEntry = { methods: string[]; url: string };

function logRouteTable(app: FastifyInstance) {
  const routes: RouteTableEntry[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ methods, url: route.url });
  });
  app.addHook("onReady", (done) => {
    app.log.info({ routes }, "route table");
    done();
  });
}

/**
 * The build's files. The hashed assets (a few hundred, each also as .br and .gz) are one wildcard route under
 * /assets/, looked up on disk per request: a route per file cost ~1,100 routes and about a second of every start.
 * The few files at the root (favicon) keep a route each, so that every other path still reaches the pages.
 */
async function registerStaticFiles(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: path.join(clientDir, "assets"),
    prefix: "/assets/",
    index: false,
    // The build writes .br and .gz copies of the text assets (server/precompress-assets.ts).
    preCompressed: true,
    // Hashed asset names never change content: cache them for a year.
    setHeaders(reply) {
      reply.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: false,
    globIgnore: ["assets/**"],
    index: false,
    preCompressed: true,
    decorateReply: false,
    setHeaders(reply) {
      reply.header("Cache-Control", "public, max-age=3600");
    },
  });
}

export async function buildApp({ services, pages, devMiddleware }: AppOptions): Promise<FastifyInstance> {
  const { config } = services;
  tuneGarbageCollection();
  // Development prints readable log lines; production and tests write JSON.
  const stream = config.NODE_ENV === "development" ? await prettyLogStream() : undefined;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, { stream }),
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: requestIdFor,
    trustProxy: trustedHops(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });

  // Test mode only: the route table in one log line at start, read by the IDOR and CSRF sweeps
  // (tests/integration/route-sweeps.test.ts), so that a new route is swept without anyone listing it.
  if (config.NODE_ENV === "test") logRouteTable(app);
  trackRequestIds(app);

  await app.register(cookie);
  await app.register(securityHeadersPlugin);
  if (devMiddleware) await devMiddleware(app);
  if (pages.clientDir && fs.existsSync(pages.clientDir)) await registerStaticFiles(app, pages.clientDir);
  await app.register(requestContextPlugin, { services });
  await app.register(auditTrailPlugin, { services });
  // Before any state-changing route: each must declare its limit, and the limits are counted after the context.
  await app.register(routeRateLimitPlugin, {
    limits: Object.values(routeLimits),
    scale: config.RATE_LIMIT_SCALE,
    createLimiter: (options) => createLimiter(services.handle, options),
  });

  app.decorate("errorReporter", services.errors);
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));

  // The JSON API: its own scope, with form bodies accepted for the pages' plain forms.
  await app.register(async (api) => {
    api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    await api.register(csrfGuardPlugin, { services });
    await api.register(accountRoutes, { services });
    await api.register(teamRoutes, { services });
    await api.register(schoolRoutes, { services });
    await api.register(jobRoutes, { services });
    await api.register(catalogRoutes, { services });
    await api.register(reviewRoutes, { services });
    await api.register(authoringRoutes, { services });
    await api.register(courseReportRoutes, { services });
    await api.register(discussionRoutes, { services });
    await api.register(communityRoutes, { services });
    await api.register(communityGalleryRoutes, { services });
    await api.register(moderationRoutes, { services });
    await api.register(surveyRoutes, { services });
    await api.register(leadRoutes, { services });
    await api.register(certificateRoutes, { services });
    await api.register(favouriteRoutes, { services });
    await api.register(examRoutes, { services });
    await api.register(learningRoutes, { services });
    await api.register(mediaRoutes, { services });
    await api.register(integrationRoutes, { services });
    await api.register(webhookRoutes, { services });
    await api.register(pageRoutes, { services });
    await api.register(invoiceRoutes, { services });
    await api.register(checkoutRoutes, { services });
    await api.register(productRoutes, { services });
    await api.register(promoRoutes, { services });
    await api.register(communityAdminRoutes, { services });
    await api.register(membershipsAdminRoutes, { services });
    await api.register(membershipMembersRoutes, { services });
    await api.register(membershipRoutes, { services });
    await api.register(membershipCardRoutes, { services });
    await api.register(membershipStripeRoutes, { services });
    await api.register(accessManagerRoutes, { services });
    await api.register(transactionRoutes, { services });
    await api.register(studentRoutes, { services });
    await api.register(privacyRoutes, { services });
    await api.register(statusRoutes, { services });
    await api.register(siteRoutes, { services });
    await api.register(articleRoutes, { services });
    await api.register(communityNotificationRoutes, { services });
    api.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError("not_found")));
  });

  // File bytes (signed PUT uploads, tus, file and video reads): raw bodies, in a scope of their own.
  await app.register(mediaTransferRoutes, { services });
  // Payment providers' notifications: raw bodies (signatures are over the exact bytes), no session, no CSRF.
  await app.register(paymentNotificationRoutes, { services });

  await app.register(pagesPlugin, { services, build: pages.build, mode: pages.mode });
  return app;
}
