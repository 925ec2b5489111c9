// Cookie names and attributes in one place. Behind HTTPS the cookies are Secure and carry the __Host- prefix.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "#platform/config.ts";

export function isSecureRequest(request: FastifyRequest, config: Config): boolean {
  if (config.COOKIE_SECURE === "always") return true;
  if (config.COOKIE_SECURE === "never") return false;
  return request.protocol === "https";
}

export function cookieNames(secure: boolean) {
  const prefix = secure ? "__Host-" : "";
  return {
    session: `${prefix}studium_session`,
    csrf: `${prefix}studium_csrf`,
    // the anonymous visitor of pages' evergreen countdowns (server/api/pages.ts)
    visitor: `${prefix}studium_visitor`,
  };
}

/**
 * The Cache-Control of every answer to a logged-in visitor (pages and JSON): neither a shared cache nor the
 * browser's may keep it (another person on the same computer, a proxy). Routes that serve files set their own.
 */
export const PRIVATE_ANSWER = "private, no-store";

// Written on the raw response: page replies bypass Fastify's send (and so @fastify/cookie's onSend hook).
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: { secure: boolean; maxAgeSeconds?: number },
) {
  const serialized = reply.server.serializeCookie(name, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  });
  reply.raw.appendHeader("set-cookie", serialized);
  // An answer that starts or ends a session (login, logout, an expired session) is that visitor's alone.
  if (name === cookieNames(options.secure).session) reply.header("cache-control", PRIVATE_ANSWER);
}

export function clearCookie(reply: FastifyReply, name: string, secure: boolean) {
  setCookie(reply, name, "", { secure, maxAgeSeconds: 0 });
}
