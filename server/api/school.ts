// First-run setup (POST /setup) and the school settings of the admin area (PUT /home/settings, its logo and
// favicon PUT /home/settings/images, the legal pages PUT /home/legal).
import type { FastifyInstance } from "fastify";
import { logIn } from "#core/accounts/log-in.ts";
import { setupSchool } from "#core/school/setup-school.ts";
import { updateSchoolSettings } from "#core/school/update-settings.ts";
import { updateBrandImages } from "#core/school/update-brand-images.ts";
import { updateLegalPages } from "#core/school/update-legal-pages.ts";
import type { Services } from "../services.ts";
import { cookieNames, isSecureRequest, setCookie } from "../http/cookies.ts";
import { csrfBinding, csrfTokenFor } from "../http/csrf.ts";
import { handle, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

export async function schoolRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  app.post("/setup", limited(routeLimits.setup), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const body = { ...((request.body ?? {}) as Record<string, unknown>) };
        // A plain form post sends the checkbox as "on" (or not at all); the JSON call sends a boolean.
        if (!wantsJson(request)) body.sample = body.sample === "on" || body.sample === "1" || body.sample === "true";
        // Without an address from the owner: APP_URL, else the address the owner reached this page at.
        const publicUrl = services.config.APP_URL ?? `${request.protocol}://${request.host}`;
        const { sample } = await setupSchool(
          {
            db: services.db,
            storage: services.storage,
            hashing: services.accounts.hashing,
            sampleMedia: services.sampleMedia,
          },
          body,
          { publicUrl },
        );
        // The owner is logged in straight away.
        const client = { ip: request.ip, userAgent: String(request.headers["user-agent"] ?? "") };
        const { token, session } = await logIn(
          services.accounts,
          { email: body.email, password: body.password },
          client,
        );
        const secure = isSecureRequest(request, services.config);
        setCookie(reply, cookieNames(secure).session, token, {
          secure,
          maxAgeSeconds: services.config.SESSION_DAYS * 86400,
        });
        const json = {
          redirect: "/",
          csrf_token: csrfTokenFor(services.secret, csrfBinding(session.id, undefined)!),
          // Shown once to the owner, so they can look at the school as a student.
          sample_student: sample ? sample.student : null,
        };
        return { json, redirect: "/" };
      },
      "/setup",
    ),
  );

  app.put("/home/settings", staff, async (request) => {
    const { contrast_warnings } = await updateSchoolSettings(services.db, request.ctx.actor, request.body);
    return { ok: true, contrast_warnings };
  });

  app.put("/home/settings/images", staff, async (request) => {
    await updateBrandImages(services.db, request.ctx.actor, request.body);
    return { ok: true };
  });

  app.put("/home/legal", staff, async (request) => {
    await updateLegalPages(services.db, request.ctx.actor, request.body);
    return { ok: true };
  });

  // The legal pages' plain form (before hydration).
  app.post("/home/legal", staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        await updateLegalPages(services.db, request.ctx.actor, request.body);
        return { json: { ok: true }, redirect: "/home/legal?saved=1" };
      },
      "/home/legal",
    ),
  );

  // The settings page's plain form (before hydration): switches arrive as "on" or not at all.
  app.post("/home/settings", staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const body = { ...((request.body ?? {}) as Record<string, unknown>) };
        if (!wantsJson(request)) {
          for (const name of ["login_enabled", "registration_enabled"]) body[name] = body[name] === "on";
          if (typeof body.vat_rate === "string" && /^\d{1,3}$/.test(body.vat_rate))
            body.vat_rate = Number(body.vat_rate);
        }
        await updateSchoolSettings(services.db, request.ctx.actor, body);
        return { json: { ok: true }, redirect: "/home/settings?saved=1" };
      },
      "/home/settings",
    ),
  );
}
