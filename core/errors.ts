// One error type for the whole domain, and one table from code to HTTP status (statusOf). The JSON API
// (server/http/errors.ts) and the pages (server/http/page-errors.ts: loaders' AppErrors become route error
// responses with the same status, rendered by the error boundaries) both map it with this table. Messages are
// translation keys, resolved in the school's language.

export type ErrorCode =
  | "unauthenticated" // 401
  | "forbidden" // 403
  | "not_found" // 404 (also for another user's object)
  | "conflict" // 409
  | "misdirected" // 421 (a request for a host that is not the school's)
  | "too_large" // 413 (an upload over its size cap)
  | "validation" // 422
  | "csrf" // 419
  | "throttled" // 429
  | "setup_required" // 409
  | "unavailable" // 503
  | "internal"; // 500

export const statusOf: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  misdirected: 421,
  too_large: 413,
  validation: 422,
  csrf: 419,
  throttled: 429,
  setup_required: 409,
  unavailable: 503,
  internal: 500,
};

/** A field error map: field name -> translation keys with their values, e.g. {key: "validation.min", values: {min: 6}}. */
export type FieldErrors = Record<string, { key: string; values?: Record<string, unknown> }[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: string;
  readonly values: Record<string, unknown>;
  readonly fields: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly isAppError = true;

  constructor(
    code: ErrorCode,
    options: {
      messageKey?: string;
      values?: Record<string, unknown>;
      fields?: FieldErrors;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(options.messageKey ?? `errors:${code}`);
    this.name = "AppError";
    this.code = code;
    this.messageKey = options.messageKey ?? `errors:${code}`;
    this.values = options.values ?? {};
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return statusOf[this.code];
  }
}

/** Pages and the API may hold different copies of this module (bundled vs native), so no instanceof. */
export function isAppError(error: unknown): error is AppError {
  return typeof error === "object" && error !== null && (error as { isAppError?: unknown }).isAppError === true;
}

/** A single-field validation failure, the most common case. */
export function fieldError(field: string, key: string, values?: Record<string, unknown>): AppError {
  return new AppError("validation", { fields: { [field]: [{ key, values }] } });
}
