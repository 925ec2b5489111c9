// A call's body as an object of fields, before its schema reads it: anything else (a list, a string, nothing) is a
// 422, as the spec's contract wants, rather than a schema error about a field.
import { AppError } from "#core/errors.ts";

/** A call's body as an object of fields; anything else (a list, a string, nothing) is a 422. */
export function objectInput(input: unknown): Record<string, unknown> {
  if (typeof input === "object" && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  throw new AppError("validation", { messageKey: "validation:invalid" });
}
