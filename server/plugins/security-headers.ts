// Security headers on every answer. HTML pages get a Content-Security-Policy whose scripts need this
// response's nonce, or, for a page served as stored bytes from the anonymous page cache, the SHA-256 of each of
// its inline scripts (docs/decisions/0006-hashed-csp-for-cached-pages.md); JSON and files get a policy that allows
// nothing (they are never rendered as pages).
// The set goes on Fastify's reply, which writes it with its own headers in one go (on the raw response, Node
// keeps a per-answer table of them and checks each one twice: ~1.5 µs of a ~30 µs JSON call, bench/). Pages are
// rendered by React Router, which bypasses Fastify's reply pipeline, so applyPagePolicy moves them onto the raw
// response. (In development, Vite's own module and asset answers carry none of them.)
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { randomBase64 } from "#platform/random.ts";

declare module "fastify" {
  interface FastifyReply {
    /** The CSP nonce of an HTML page, made on first use (see pagePolicy). */
    cspNonce: string;
  }
}

// Video embeds the lecture and community pages may show (YouTube, Vimeo, Bunny Stream), and 'self' for a
// lecture's PDF: the browser's PDF viewer is an <object> of the site with a frame inside (object-src 'self'
// below). Only PDFs under /files allow being framed (frame-ancestors 'self'); pages and other files refuse.
const frameSources =
  "'self' https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://iframe.mediadelivery.net";

/** The inline scripts a page may run: the ones carrying this answer's nonce, or exactly these contents. */
export type InlineScripts = { nonce: string } | { sha256: string[] };

export function contentSecurityPolicy(inline: InlineScripts, options: { dev: boolean }): string {
  const allowed =
    "nonce" in inline ? `'nonce-${inline.nonce}'` : inline.sha256.map((hash) => `'sha256-${hash}'`).join(" ");
  const script = options.dev ? `'self' ${allowed} 'unsafe-inline' 'unsafe-eval'` : `'self' ${allowed}`;
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

/**
 * Gives an HTML page its nonce and the policy that names it, and moves the reply's headers (this plugin's set
 * among them) onto the raw response, which is all a page answer has. Called by the pages plugin.
 */
export function applyPagePolicy(reply: FastifyReply, options: { dev: boolean }): string {
  const nonce = randomBase64(16);
  reply.cspNonce = nonce;
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
  raw.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }, options));
  return nonce;
}

// The same set on every answer, built once (lower-case names: Fastify's own spelling of reply headers).
const everyAnswer = Object.freeze({
  "content-security-policy": nonPagePolicy,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
});
const everyHttpsAnswer = Object.freeze({
  ...everyAnswer,
  "strict-transport-security": "max-age=31536000; includeSubDomains",
});

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.decorateReply("cspNonce", "");
  // A plain (not async) hook: it never waits, so it costs no promise.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.protocol === "https" ? everyHttpsAnswer : everyAnswer);
    done();
  });
});
