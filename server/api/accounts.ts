// §7-style JSON calls for accounts: POST /register, /login, /logout, /forgot-password, /reset-password,
// the account settings under /my/account, and GET /csrf-token. Each also accepts the page's plain form post.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { changeEmail } from "#core/accounts/change-email.ts";
import { changePassword } from "#core/accounts/change-password.ts";
import { findUserById } from "#core/accounts/find-user.ts";
import { logIn } from "#core/accounts/log-in.ts";
import { logOut } from "#core/accounts/log-out.ts";
import { updateNotifications } from "#core/accounts/notifications.ts";
import { getOwnAccount } from "#core/accounts/own-account.ts";
import { publicUser } from "#core/accounts/public-user.ts";
import { register } from "#core/accounts/register.ts";
import { requestPasswordReset } from "#core/accounts/request-password-reset.ts";
import { resetPassword } from "#core/accounts/reset-password.ts";
import { updateProfile } from "#core/accounts/update-profile.ts";
import type { Client } from "#core/accounts/account-services.ts";
import { AppError } from "#core/errors.ts";
import { safeNext } from "#core/safe-next.ts";
import { translator } from "#platform/i18n/index.ts";
import type { Services } from "../services.ts";
import { publicAddressFor } from "../plugins/request-context.ts";
import { clearCookie, cookieNames, isSecureRequest, setCookie } from "../http/cookies.ts";
import { csrfBinding, csrfTokenFor } from "../http/csrf.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

export function client(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: String(request.headers["user-agent"] ?? ""), log: request.log };
}

/** Sets the new session's cookie and returns the CSRF token bound to it, for the page to use from now on. */
export function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  token: string,
  sessionId: string,
) {
  const secure = isSecureRequest(request, services.config);
  setCookie(reply, cookieNames(secure).session, token, { secure, maxAgeSeconds: services.config.SESSION_DAYS * 86400 });
  return csrfTokenFor(services.secret, csrfBinding(sessionId, undefined)!);
}

function homeFor(role: string) {
  if (role === "moderator") return "/home/moderation";
  return role === "admin" ? "/home" : "/my";
}

export async function accountRoutes(app: FastifyInstance, { services }: { services: Services }) {
  /**
   * Register and log in: the new session replaces the one the browser had (rotation), and the answer carries the
   * user, the token bound to the new session and where to go (`next` when safe, else the user's home).
   */
  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    signIn: (body: Record<string, unknown>) => ReturnType<typeof logIn>,
    home: (user: { role: string }) => string,
  ) {
    const body = request.body as Record<string, unknown>;
    const { user, token, session } = await signIn(body);
    if (request.ctx.sessionId) await logOut(services.db, request.ctx.sessionId);
    const csrf = startSession(request, reply, services, token, session.id);
    const redirect = safeNext(body?.next) ?? home(user);
    return { json: { user: publicUser(user), csrf_token: csrf, redirect }, redirect };
  }

  app.post("/register", limited(routeLimits.register), (request, reply) =>
    handle(
      request,
      reply,
      () =>
        signedIn(
          request,
          reply,
          (body) => register(services.accounts, body, client(request)),
          () => "/my",
        ),
      "/register",
    ),
  );

  app.post("/login", limited(routeLimits.login), (request, reply) =>
    handle(
      request,
      reply,
      () =>
        signedIn(
          request,
          reply,
          (body) => logIn(services.accounts, body, client(request)),
          (user) => homeFor(user.role),
        ),
      "/login",
    ),
  );

  app.post("/logout", limited(routeLimits.logout), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        await logOut(services.db, request.ctx.sessionId);
        const secure = isSecureRequest(request, services.config);
        clearCookie(reply, cookieNames(secure).session, secure);
        return { json: { redirect: "/" }, redirect: "/" };
      },
      "/",
    ),
  );

  app.post("/forgot-password", limited(routeLimits.passwordResetRequest), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const school = request.ctx.school;
        if (!school) throw new AppError("setup_required");
        await requestPasswordReset(services.db, services.secret, request.body, {
          baseUrl: publicAddressFor(request, services),
          lang: request.ctx.lang,
          schoolName: school.name,
        });
        const message = translator(request.ctx.lang)("accounts:reset_sent");
        return { json: { message }, redirect: "/forgot-password?sent=1" };
      },
      "/forgot-password",
    ),
  );

  app.post("/reset-password", limited(routeLimits.passwordReset), (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const { token, session, userId } = await resetPassword(services.accounts, request.body, client(request));
        const csrf = startSession(request, reply, services, token, session.id);
        const user = await findUserById(services.db, userId);
        const redirect = homeFor(user?.role ?? "student");
        return { json: { user: user ? publicUser(user) : null, csrf_token: csrf, redirect }, redirect };
      },
      "/reset-password",
    ),
  );

  // The visitor's CSRF token, for a page that was served without one (an anonymous page from the page cache,
  // server/plugins/page-cache.ts): its script asks before its first call (app/lib/api.ts). A visitor without the
  // anonymous cookie gets it here. Only the page's own script can read the answer (no CORS).
  app.get("/csrf-token", async (request, reply) => {
    reply.header("cache-control", "no-store");
    return { csrf_token: request.ctx.csrfToken };
  });

  // The same address is the account settings page (app/routes/my/account.tsx) for a browser's navigation.
  app.get("/my/account", jsonCallsOnly(app), async (request) => ({
    user: publicUser(await getOwnAccount(services.db, request.ctx.actor)),
  }));

  app.put("/my/account", limited(routeLimits.account), async (request) => {
    await updateProfile(services.db, request.ctx.actor, request.body);
    return { user: publicUser(await getOwnAccount(services.db, request.ctx.actor)) };
  });

  app.post("/my/account/email", limited(routeLimits.account), async (request) => {
    await changeEmail(services.accounts, request.ctx.actor, request.ctx.sessionId, request.body);
    return { user: publicUser(await getOwnAccount(services.db, request.ctx.actor)) };
  });

  app.post("/my/account/password", limited(routeLimits.account), async (request) => {
    await changePassword(services.accounts, request.ctx.actor, request.ctx.sessionId, request.body);
    return { message: translator(request.ctx.lang)("accounts:password_changed") };
  });

  app.post("/my/account/notifications", limited(routeLimits.account), async (request) => {
    return { email_notification: await updateNotifications(services.db, request.ctx.actor, request.body) };
  });
}
