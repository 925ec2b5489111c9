// Work that runs beside the HTTP server inside `npm start`: the job worker (mail, and later webhooks,
// invoices and payment re-checks) and periodic clean-ups.
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "./services.ts";

export type Background = { stop(): Promise<void> };

export function startBackground(_services: Services, _log: FastifyBaseLogger): Background {
  return { stop: async () => {} };
}
