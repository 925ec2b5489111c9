// Turns Zod issues into our field error map of translation keys, so that the server (422 body) and the
// React forms (before sending) show the same messages in the page's language. Pure: importable by the client.
import type { z } from "zod";
import { AppError, type FieldErrors } from "./errors.ts";

type Issue = z.core.$ZodIssue;

// Whitespace only counts as empty: trimmed fields ("   " as a name) are missing, not too short.
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** The translation key and values for one Zod issue. Custom refinements carry their key as the message. */
export function issueToMessage(issue: Issue, input: unknown): { key: string; values?: Record<string, unknown> } {
  switch (issue.code) {
    case "invalid_type":
      if (isEmpty(input)) return { key: "validation:required" };
      if (issue.expected === "number" || issue.expected === "int") return { key: "validation:integer" };
      if (issue.expected === "boolean") return { key: "validation:boolean" };
      return { key: "validation:invalid" };
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") {
        if (isEmpty(input)) return { key: "validation:required" };
        return { key: "validation:string_min", values: { min } };
      }
      if (issue.origin === "number" || issue.origin === "int") return { key: "validation:number_min", values: { min } };
      return { key: "validation:required" };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return { key: "validation:string_max", values: { max } };
      return { key: "validation:number_max", values: { max } };
    }
    case "invalid_format":
      if (issue.format === "email") return { key: "validation:email" };
      if (issue.format === "url") return { key: "validation:url" };
      if (issue.format === "date" || issue.format === "datetime") return { key: "validation:date" };
      return { key: "validation:invalid" };
    case "invalid_value":
      return { key: "validation:in" };
    case "custom":
      return { key: issue.message || "validation:invalid", values: issue.params };
    default:
      return { key: "validation:invalid" };
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

export function fieldErrorsOf(error: z.ZodError, input: unknown): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_";
    const list = (fields[field] ??= []);
    const message = issueToMessage(issue, valueAt(input, issue.path));
    if (!list.some((m) => m.key === message.key)) list.push(message);
  }
  return fields;
}

/** Parse input with a schema, or throw the 422 AppError that the HTTP layer renders in the school's language. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError("validation", { fields: fieldErrorsOf(result.error, input) });
}
