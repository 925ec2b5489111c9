// Optional error reporting to a Sentry-compatible service (Sentry, GlitchTip) through the official SDK, when
// SENTRY_DSN is set. Only unexpected errors are reported (a 5xx answer, a failed page render, a job that failed for
// good): expected answers (401/403/404/419/422/429) never reach it. The spec (§8) samples errors at 0.25
// (SENTRY_SAMPLE_RATE). Events pass through the log scrubbing (./logging.ts) before they leave, and the SDK is
// loaded only when a DSN is set: without one nothing is imported and nothing is sent.
import { scrubSecrets } from "./logging.ts";

export type ErrorContext = {
  /** the request being answered: its method and path (the query is left out: it may carry a token) */
  request?: { id: string; method: string; path: string };
  /** what failed outside a request, e.g. { job: "mail.send" } */
  tags?: Record<string, string>;
};

export type ErrorReporter = {
  readonly enabled: boolean;
  report(error: unknown, context?: ErrorContext): void;
  /** sends what is queued (at most timeoutMs) and stops */
  close(timeoutMs?: number): Promise<void>;
};

export const noErrorReporter: ErrorReporter = {
  enabled: false,
  report() {},
  close: async () => {},
};

export type ErrorReportingOptions = {
  dsn: string | undefined;
  sampleRate: number;
  environment: string;
};

export async function createErrorReporter(options: ErrorReportingOptions): Promise<ErrorReporter> {
  if (!options.dsn) return noErrorReporter;
  const Sentry = await import("@sentry/node");
  // A client of our own rather than Sentry.init: no global handlers, no OpenTelemetry, no patched modules; the
  // server decides what is reported.
  const client = new Sentry.NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    sampleRate: options.sampleRate,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
    beforeSend: (event) => JSON.parse(scrubSecrets(JSON.stringify(event))) as typeof event,
  });
  client.init();
  return {
    enabled: true,
    report(error, context = {}) {
      const scope = new Sentry.Scope();
      scope.setClient(client);
      if (context.request) {
        scope.setTag("request_id", context.request.id);
        scope.setContext("request", { method: context.request.method, path: context.request.path });
      }
      for (const [name, value] of Object.entries(context.tags ?? {})) scope.setTag(name, value);
      client.captureException(error, undefined, scope);
    },
    async close(timeoutMs = 2000) {
      await client.close(timeoutMs);
    },
  };
}

type JobInfo = { type: string; attempts: number; max_attempts: number };
// Any registered job (platform/jobs/define-job.ts): its name and its bound handler (payload, context with the job).
type Runnable = { readonly name: string; readonly run: (payload: any, context: any) => Promise<void> };

/**
 * Jobs that report their last failure (the one after which the job is kept as 'failed'); earlier failures are
 * retried and only logged.
 */
export function reportingLastFailures<J extends Runnable>(jobs: readonly J[], reporter: ErrorReporter): J[] {
  if (!reporter.enabled) return [...jobs];
  return jobs.map((registered) => ({
    ...registered,
    run: async (payload: unknown, context: unknown) => {
      try {
        await registered.run(payload, context);
      } catch (error) {
        const { job } = context as { job: JobInfo };
        if (job.attempts >= job.max_attempts) reporter.report(error, { tags: { job: registered.name } });
        throw error;
      }
    },
  }));
}
