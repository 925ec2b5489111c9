// Structured JSON logs (pino, through Fastify). Secrets never reach them: request headers that carry
// credentials and any body field that may hold one are redacted by path.
import type { FastifyServerOptions } from "fastify";

export const redactedPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.current_password",
  "*.password_confirmation",
  "*.token",
  "*.cardNumber",
  "*.cvv",
  "*.cypher",
  "*.secret",
  "*.api_key",
];

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: {
      // The URL may carry a reset token in its query: log the path only.
      req(request) {
        return { method: request.method, url: String(request.url).split("?")[0], id: request.id };
      },
    },
  };
}
