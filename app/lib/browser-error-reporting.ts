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

// Addresses in an event (the page's URL, breadcrumbs of navigations and calls) may carry a secret: a reset token in
// the query, or the capability segment of /invitations/{token}, /transaction/{hash}, /payments/test/{hash} (the
// server's logs redact the same, platform/logging.ts). Queries are dropped and those segments replaced.
const URL_QUERY = /((?:https?:\/\/[^\s"/?#]+)?\/[^\s"?#]*)\?[^\s"#]*/g;
const CAPABILITY = /(\/(?:invitations|transaction|payments\/test)\/)(?!\d*(?:[/?#"\s\\]|$))[^/?#"\s\\]+/gi;

/** The event's text with URL queries dropped and capability segments redacted. */
export function scrubAddresses(text: string): string {
  return text.replace(URL_QUERY, "$1").replace(CAPABILITY, "$1[redacted]");
}

let started = false;

export function startErrorReporting(options: BrowserErrorReporting): void {
  if (started) return;
  started = true;
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    sampleRate: options.sampleRate,
    ignoreErrors: NETWORK_ERRORS,
    beforeSend: (event, hint) =>
      isIgnoredError(hint.originalException)
        ? null
        : (JSON.parse(scrubAddresses(JSON.stringify(event))) as typeof event),
  });
}
