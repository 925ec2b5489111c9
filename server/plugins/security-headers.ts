// Security headers on every answer, including pages rendered by React Router (which bypass Fastify's
// reply pipeline, so the headers are set on the raw response). Scripts run only with this request's nonce.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    cspNonce: string;
  }
}

// Video embeds the lecture and community pages may show (YouTube, Vimeo, Bunny Stream).
const frameSources = "https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://iframe.mediadelivery.net";

export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  const script = options.dev ? `'self' 'nonce-${nonce}' 'unsafe-inline' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    // Radix primitives position popovers with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https:${options.dev ? " ws: wss:" : ""}`,
    `frame-src ${frameSources}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, { dev }: { dev: boolean }) => {
  app.decorateReply("cspNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    const nonce = randomBytes(16).toString("base64");
    reply.cspNonce = nonce;
    const raw = reply.raw;
    raw.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { dev }));
    raw.setHeader("X-Content-Type-Options", "nosniff");
    raw.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    raw.setHeader("X-Frame-Options", "DENY");
    raw.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    raw.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (request.protocol === "https") raw.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
});
