// Security headers on every answer. HTML pages get a Content-Security-Policy whose scripts need this
// response's nonce; JSON and files get a policy that allows nothing (they are never rendered as pages).
// Pages are rendered by React Router, which bypasses Fastify's reply pipeline, so headers are set on the raw
// response.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    /** The CSP nonce of an HTML page, made on first use (see pagePolicy). */
    cspNonce: string;
  }
}

// Video embeds the lecture and community pages may show (YouTube, Vimeo, Bunny Stream), and 'self' for a
// lecture's PDF: the browser's PDF viewer is an <object> of the site with a frame inside (object-src 'self'
// below). Only PDFs under /files allow being framed (frame-ancestors 'self'); pages and other files refuse.
const frameSources = "'self' https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://iframe.mediadelivery.net";

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
    "object-src 'self'",
  ].join("; ");
}

const nonPagePolicy = "default-src 'none'; frame-ancestors 'none'";

/** Gives an HTML page its nonce and the policy that names it. Called by the pages plugin. */
export function applyPagePolicy(reply: FastifyReply, options: { dev: boolean }): string {
  const nonce = randomBytes(16).toString("base64");
  reply.cspNonce = nonce;
  reply.raw.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  return nonce;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.decorateReply("cspNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader("Content-Security-Policy", nonPagePolicy);
    raw.setHeader("X-Content-Type-Options", "nosniff");
    raw.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    raw.setHeader("X-Frame-Options", "DENY");
    raw.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    raw.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (request.protocol === "https") raw.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
});
