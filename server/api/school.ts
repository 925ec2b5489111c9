// First-run setup (POST /setup) and the school settings of the admin area (PUT /home/settings).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { logIn } from "#core/accounts/log-in.ts";
import { AppError } from "#core/errors.ts";
import { setupSchool } from "#core/school/setup-school.ts";
import { updateSchoolSettings } from "#core/school/update-settings.ts";
import type { Services } from "../services.ts";
import { cookieNames, isSecureRequest, setCookie } from "../http/cookies.ts";
import { csrfBinding, csrfTokenFor } from "../http/csrf.ts";

export function requireAdmin(request: FastifyRequest) {
  const user = request.ctx.user;
  if (!user) throw new AppError("unauthenticated");
  if (user.role !== "admin") throw new AppError("forbidden");
  return user;
}

export async function schoolRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post("/setup", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    await setupSchool(services.db, body);
    // The owner is logged in straight away.
    const client = { ip: request.ip, userAgent: String(request.headers["user-agent"] ?? "") };
    const { token, session } = await logIn(services.accounts, { email: body.email, password: body.password }, client);
    const secure = isSecureRequest(request, services.config);
    setCookie(reply, cookieNames(secure).session, token, { secure, maxAgeSeconds: services.config.SESSION_DAYS * 86400 });
    return { redirect: "/", csrf_token: csrfTokenFor(services.secret, csrfBinding(session.id, undefined)!) };
  });

  app.put("/home/settings", async (request) => {
    requireAdmin(request);
    await updateSchoolSettings(services.db, request.body);
    return { ok: true };
  });
}
