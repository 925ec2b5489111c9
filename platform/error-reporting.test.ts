// What reaches the error reporter from jobs: only a job's last failure (the one after which it stays 'failed');
// a failure that will be retried is not reported. Without SENTRY_DSN no SDK is loaded at all.
import { describe, expect, it } from "vitest";
import { createErrorReporter, type ErrorReporter, noErrorReporter, reportingLastFailures } from "./error-reporting.ts";

function recorder(): ErrorReporter & { seen: { error: unknown; tags?: Record<string, string> }[] } {
  const seen: { error: unknown; tags?: Record<string, string> }[] = [];
  return {
    enabled: true,
    seen,
    report: (error, context) => seen.push({ error, tags: context?.tags }),
    close: async () => {},
  };
}

const job = (attempts: number) => ({ job: { type: "mail.send", attempts, max_attempts: 3 } });

describe("job failures", () => {
  it("are reported on the last attempt only, and still fail the job", async () => {
    const reporter = recorder();
    const boom = new Error("SMTP refused");
    const [mail] = reportingLastFailures(
      [{ name: "mail.send", run: async (_payload: unknown, _context: unknown) => Promise.reject(boom) }],
      reporter,
    );
    await expect(mail!.run({}, job(1))).rejects.toBe(boom);
    await expect(mail!.run({}, job(2))).rejects.toBe(boom);
    expect(reporter.seen).toEqual([]);
    await expect(mail!.run({}, job(3))).rejects.toBe(boom);
    expect(reporter.seen).toEqual([{ error: boom, tags: { job: "mail.send" } }]);
  });

  it("leave handlers as they are when nothing is reported", async () => {
    const run = async () => {};
    expect(reportingLastFailures([{ name: "mail.send", run }], noErrorReporter)[0]!.run).toBe(run);
  });
});

it("without a DSN is the reporter that does nothing", async () => {
  expect(await createErrorReporter({ dsn: undefined, sampleRate: 0.25, environment: "test" })).toBe(noErrorReporter);
});
