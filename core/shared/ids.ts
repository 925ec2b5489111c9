// The one way an id is read from input (a body field, a query value, a path segment). Ids are int4 columns on
// PostgreSQL (and SQLite integers), so an id is a whole number in 1..2147483647: a larger one is refused here
// instead of reaching the database (where PostgreSQL answers "out of range for type integer", a 500).
// Pure: shared by the pages, the forms and the server.
import { z } from "zod";
import { AppError } from "#core/errors.ts";

/** The largest int4, the id columns' type on PostgreSQL. */
export const MAX_ID = 2_147_483_647;

// Plain decimal digits only: "1e3", "0x10", " 7", "-1", "1.0" are not ids. Ten digits at most, then the range.
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** The id a text names, or undefined. */
export function idFromText(value: unknown): number | undefined {
  if (typeof value !== "string" || !ID_TEXT.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}

/** A path parameter: an id, or 404 (an id that cannot exist names nothing). */
export function idParam(value: unknown): number {
  const id = idFromText(value);
  if (id === undefined) throw new AppError("not_found");
  return id;
}

/**
 * An id in a JSON body: a whole number in 1..MAX_ID. Out of range or not a whole number: a 422 field error
 * (validation:integer, number_min or number_max).
 */
export const idSchema = z.number().int().min(1).max(MAX_ID);

/** An id from a plain form or a query (text), or a JSON number: the same bounds. Booleans are not ids. */
export const formIdSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : value),
  idSchema,
);
