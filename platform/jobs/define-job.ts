// A job definition: its name (the `jobs.type` column), the Zod schema of its payload, and its handler. Each domain
// owns its definitions (core/<domain>/jobs.ts, platform/mail/mail-job.ts); the composition root lists them once
// (server/jobs.ts), binding each handler to the services it needs. `enqueue` takes a definition, so a payload is
// typed (and checked) by the job it belongs to, and the worker parses it with the same schema before the handler
// sees it.
import type { z } from "zod";
import type { Db } from "../db/connection.ts";
import type { Job } from "../db/schema.ts";

/** The part of a pino/Fastify logger the worker uses; tests pass a recorder. */
export type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type JobContext = { db: Db; log: Logger; job: Job };

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export type JobDefinition<P = any, D = any> = {
  readonly name: string;
  /** parses a payload: at enqueue (the caller's mistake throws there) and again in the worker (a stored row) */
  readonly payload: z.ZodType<P>;
  /** the handler, made from the services it needs (given at the composition root) */
  readonly handler: (deps: D) => JobHandler<P>;
  /** attempts before the job is kept as failed (default DEFAULT_MAX_ATTEMPTS) */
  readonly maxAttempts?: number;
};

/** The payload type of a job definition. */
export type PayloadOf<J> = J extends JobDefinition<infer P, any> ? P : never;

/** A job ready to run: its definition with the handler bound to its services. */
export type RegisteredJob = {
  readonly name: string;
  readonly payload: z.ZodType;
  readonly run: JobHandler;
};

export function defineJob<P, D = void>(definition: JobDefinition<P, D>): JobDefinition<P, D> {
  if (!/^[a-z][a-z0-9_.-]*$/.test(definition.name)) throw new Error(`bad job name '${definition.name}'`);
  return definition;
}

/** Binds a job's handler to its services, for the worker's list (server/jobs.ts). */
export function registerJob<P, D>(job: JobDefinition<P, D>, ...deps: D extends void ? [] : [D]): RegisteredJob {
  const handler = job.handler(deps[0] as D);
  return { name: job.name, payload: job.payload, run: handler as JobHandler };
}
