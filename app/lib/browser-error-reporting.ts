// Error reporting in the browser (Sentry's browser SDK), loaded by the root route only when the server hands it a
// DSN (SENTRY_DSN): without one this module, and the SDK, are never fetched. As the spec says (§8): a 419 (the
// session ended; the visitor is sent to log in) and network errors are not reported, and errors are sampled
// (SENTRY_SAMPLE_RATE, 0.25).
import * as Sentry from "@sentry/browser";
import { ApiError } from "./api.ts";

export type BrowserErrorReporting = { dsn: string; sampleRate: number; environment: string };

// What browsers say when a request never got an answer (Chromium, Firefox, Safari, older ones).
const NETWORK_ERRORS = [
  "Failed to fetch",
  "NetworkError when attempting to fetch resource.",
  "Load failed",
  "Network request failed",
  "The network connection was lost.",
];

/** Whether an error is one the spec leaves out: a 419 or a request that never got an answer. */
export function isIgnoredError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 419 || error.status === 0;
  return error instanceof TypeError && NETWORK_ERRORS.includes(error.message);
}

let started = false;

export function startErrorReporting(options: BrowserErrorReporting): void {
  if (started) return;
  started = true;
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    sampleRate: options.sampleRate,
    sendDefaultPii: false,
    ignoreErrors: NETWORK_ERRORS,
    beforeSend: (event, hint) => (isIgnoredError(hint.originalException) ? null : event),
  });
}
