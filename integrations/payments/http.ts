// What every payment adapter needs around fetch: a timeout, JSON parsing, error messages that are safe to log
// (status and the provider's error code, never a body, a token or a secret), header lookup on Node's incoming
// headers, constant-time comparison of signatures, and the settings checks done once when an adapter is built.
import { timingSafeEqual } from "node:crypto";
import { type NotificationInput, PaymentProviderError } from "#core/ports/payments.ts";

export type { ProviderName } from "#core/ports/payment-settings.ts";
import type { ProviderName } from "#core/ports/payment-settings.ts";

export type AdapterOptions = {
  /** overrides the provider's hosts (tests and offline development; the server reads PAYMENTS_BASE_URL_<NAME>) */
  baseUrl?: string;
  fetch?: typeof fetch;
};

/** One setting an adapter needs; `secret` ones are stored encrypted and never shown back in full. */
export type { ProviderField } from "#core/ports/payment-settings.ts";
import type { ProviderField } from "#core/ports/payment-settings.ts";

export type HttpAnswer = { status: number; headers: Headers; text: string; json: unknown };

const timeoutMs = 15_000;

export async function callProvider(
  provider: ProviderName,
  fetchImpl: typeof fetch,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; redirect?: RequestRedirect },
): Promise<HttpAnswer> {
  // The path names the call; ids in it (our order hash, the provider's ids) are not for the logs.
  const path = new URL(url).pathname
    .split("/")
    .map((segment) => (segment.length >= 10 && /\d/.test(segment) ? ":id" : segment))
    .join("/");
  const where = `${init.method} ${path}`;
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const kind = error instanceof Error ? error.name : "error";
    throw new PaymentProviderError(
      provider,
      `${where} failed (${kind === "TimeoutError" ? "timeout" : "network error"})`,
    );
  }
  const text = await response.text();
  let json: unknown = null;
  if (text.trim().startsWith("{") || text.trim().startsWith("[")) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** An error for an unexpected answer: the HTTP status and, when it looks like one, the provider's error code. */
export function answerError(
  provider: ProviderName,
  what: string,
  answer: HttpAnswer,
  code?: unknown,
): PaymentProviderError {
  const safe = safeCode(code);
  return new PaymentProviderError(provider, `${what} answered HTTP ${answer.status}${safe ? ` (${safe})` : ""}`);
}

/** Provider error codes are short identifiers; anything else (free text that could echo input) is dropped. */
export function safeCode(code: unknown): string {
  const text = typeof code === "number" ? String(code) : typeof code === "string" ? code : "";
  return /^[A-Za-z0-9_.-]{1,60}$/.test(text) ? text : "";
}

export function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function text(value: unknown): string | null {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : null;
}

/** A header from Node's incoming headers (lower-case keys); a repeated header is ambiguous and reads as missing. */
export function headerValue(headers: NotificationInput["headers"], name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    if (typeof value === "string") return value;
    if (Array.isArray(value) && value.length === 1) return value[0] ?? null;
    return null;
  }
  return null;
}

/** Constant-time equality of two signatures (hex or base64 text); different lengths are simply unequal. */
export function sameSignature(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(received, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads the settings an adapter needs; a missing one names the key (never a value). */
export function readSettings(
  provider: ProviderName,
  fields: ProviderField[],
  settings: Record<string, string>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = (settings[field.key] ?? "").trim();
    if (field.required && !value) throw new PaymentProviderError(provider, `setting ${field.key} is missing`);
    if (value && field.options && !field.options.includes(value))
      throw new PaymentProviderError(provider, `setting ${field.key} must be one of ${field.options.join(", ")}`);
    values[field.key] = value;
  }
  return values;
}

/** The base URL without a trailing slash: the override when given, else the environment's documented host. */
export function pickBaseUrl(override: string | undefined, documented: string): string {
  return (override?.trim() || documented).replace(/\/+$/, "");
}
