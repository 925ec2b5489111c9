// The Zod field shapes the domains' schemas share: empty form fields, optional numbers and texts, days and
// moments, checkboxes and lenient list filters. A field's messages are the ones every form already shows
// (validation:date and Zod's own codes, translated by core/validation.ts). Pure: schemas are imported by the
// browser, so nothing here may import node modules.
import { z } from "zod";

/** A preprocess step: an empty form field ("", and undefined or null) becomes the fallback. */
export const blankTo =
  (fallback: unknown) =>
  (value: unknown): unknown =>
    value === "" || value === undefined || value === null ? fallback : value;

/** A preprocess step: an empty form field ("" or undefined) means "none" (null). */
export const blankToNull = blankTo(null);

/** A whole number in min..max, or null for an empty field. */
export const optionalInt = (min: number, max: number) =>
  z.preprocess(blankToNull, z.number().int().min(min).max(max).nullable());

/** Trimmed text of at most max characters, or null for an empty field (a storage key, an image). */
export const textOrNull = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable());

// A day ("2026-05-01") or a moment with its offset ("2026-05-01T10:00:00.000Z", "...+02:00"). A moment
// without an offset is refused: the server cannot know which time zone was meant.
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day or a moment with its offset that Date can read (no month 13, no day 32). */
export function isDateText(value: string): boolean {
  return DATE_TEXT.test(value) && !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value));
}

/** A date or moment as ISO-8601 UTC text; a bare day means its first ("start") or last ("end") millisecond. */
export function moment(edge: "start" | "end") {
  return z
    .string()
    .trim()
    .refine(isDateText, "validation:date")
    .transform((value) =>
      value.length === 10
        ? `${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z`
        : new Date(value).toISOString(),
    );
}

/** moment(edge), or null for an empty field. */
export const optionalMoment = (edge: "start" | "end") => z.preprocess(blankToNull, moment(edge).nullable());

/** A bare UTC day "YYYY-MM-DD" that exists (a list filter's from / to). */
export const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/** A list filter from an address's query: empty or nonsense means "not filtered" (undefined), never a refusal. */
export const filterField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional()).catch(undefined);

/**
 * A checkbox: a JSON boolean, or a plain form's "on" / "1" / "true" (ticked) and "0" / "false" / "" (not);
 * an unticked box is usually not sent at all, so callers add their default.
 */
export const checkboxField = z
  .union([
    z.boolean(),
    z.literal("on"),
    z.literal("1"),
    z.literal("true"),
    z.literal("0"),
    z.literal("false"),
    z.literal(""),
  ])
  .transform((value) => value === true || value === "on" || value === "1" || value === "true");

/** The first moment (ISO-8601 UTC) of the day after a `dayField` day: a "to" filter's exclusive end. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}
