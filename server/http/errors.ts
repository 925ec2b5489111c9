// The one mapping from errors to the HTTP contract (docs/architecture.md, "HTTP contract"):
// 401/403/404/419/422/429 with {message, errors?} in the school's language; 5xx without internals.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError, type FieldErrors, isAppError } from "#core/errors.ts";
import { type Lang, translator } from "#platform/i18n/index.ts";
import { reportUnexpectedError } from "./report-error.ts";

export type ErrorBody = { message: string; errors?: Record<string, string[]> };

export function translateFields(fields: FieldErrors, lang: Lang): Record<string, string[]> {
  const t = translator(lang);
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, messages.map((m) => t(m.key, m.values ?? {}))]),
  );
}

export function errorBody(error: AppError, lang: Lang): ErrorBody {
  const t = translator(lang);
  const body: ErrorBody = { message: t(error.messageKey, error.values) };
  if (error.fields) {
    body.errors = translateFields(error.fields, lang);
    // Laravel-style: the message is the first field's first message, so a client showing only one line is right.
    const first = Object.values(body.errors)[0]?.[0];
    if (first) body.message = first;
  }
  return body;
}

/** Fastify's own errors (bad JSON, body too large, unsupported type) become AppErrors or plain statuses. */
function fromFastifyError(error: FastifyError): { status: number; appError?: AppError } {
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return { status: 422, appError: new AppError("validation", { messageKey: "validation:invalid" }) };
  }
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode };
  }
  return { status: 500 };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const lang: Lang = request.ctx?.lang ?? "en";
  if (isAppError(error)) {
    if (error.retryAfterSeconds) reply.header("Retry-After", String(error.retryAfterSeconds));
    return reply.status(error.status).send(errorBody(error, lang));
  }
  const t = translator(lang);
  const { status, appError } = fromFastifyError(error as FastifyError);
  if (appError) return reply.status(status).send(errorBody(appError, lang));
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    reportUnexpectedError(request, error);
    return reply.status(500).send({ message: t("errors:internal") });
  }
  return reply.status(status).send({ message: (error as Error).message });
}
