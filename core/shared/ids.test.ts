import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isAppError } from "#core/errors.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { MAX_ID, formIdSchema, idFromText, idParam, idSchema } from "./ids.ts";

const body = z.object({ course_id: formIdSchema });
const json = z.object({ course_id: idSchema });

function errorsOf(input: unknown) {
  const result = body.safeParse(input);
  if (result.success) throw new Error("expected a validation failure");
  return fieldErrorsOf(result.error, input);
}

describe("ids read from input", () => {
  it("MAX_ID is the largest int4", () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
  });

  it("a path parameter is plain decimal digits within int4, else 404", () => {
    expect(idParam("1")).toBe(1);
    expect(idParam("2147483647")).toBe(MAX_ID);
    for (const bad of [
      "0",
      "2147483648",
      "3000000000",
      "999999999999999",
      "-1",
      "1e3",
      "0x10",
      "01",
      " 7",
      "1.0",
      "",
      undefined,
      5,
    ]) {
      try {
        idParam(bad);
        throw new Error(`accepted ${String(bad)}`);
      } catch (error) {
        expect(isAppError(error) && error.code).toBe("not_found");
      }
    }
  });

  it("idFromText answers undefined for what is not an id", () => {
    expect(idFromText("42")).toBe(42);
    expect(idFromText("2147483648")).toBeUndefined();
    expect(idFromText(null)).toBeUndefined();
    expect(idFromText(42)).toBeUndefined();
  });

  it("a JSON id is a number only; a form's id may be its text", () => {
    expect(json.parse({ course_id: 7 })).toEqual({ course_id: 7 });
    expect(json.safeParse({ course_id: "7" }).success).toBe(false);
    expect(json.safeParse({ course_id: 3_000_000_000 }).success).toBe(false);
  });

  it("a form id takes a number or its text", () => {
    expect(body.parse({ course_id: 7 })).toEqual({ course_id: 7 });
    expect(body.parse({ course_id: "7" })).toEqual({ course_id: 7 });
    expect(body.parse({ course_id: MAX_ID })).toEqual({ course_id: MAX_ID });
  });

  it("a body id beyond int4 is a 422 field error, not a database error", () => {
    expect(errorsOf({ course_id: 3_000_000_000 })).toEqual({
      course_id: [{ key: "validation:number_max", values: { max: MAX_ID } }],
    });
    expect(errorsOf({ course_id: "3000000000" }).course_id?.[0]?.key).toBe("validation:number_max");
    expect(errorsOf({ course_id: 0 }).course_id?.[0]?.key).toBe("validation:number_min");
    expect(errorsOf({ course_id: 1.5 }).course_id?.[0]?.key).toBe("validation:integer");
    expect(errorsOf({ course_id: true }).course_id?.[0]?.key).toBe("validation:integer");
    expect(errorsOf({ course_id: "1e3" }).course_id?.[0]?.key).toBe("validation:integer");
    expect(errorsOf({}).course_id?.[0]?.key).toBe("validation:required");
  });
});
