import { describe, expect, it } from "vitest";
import { z } from "zod";
import { changePasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "./accounts/schemas.ts";
import { isAppError } from "./errors.ts";
import { fieldErrorsOf, parseInput } from "./validation.ts";

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a validation failure");
  return fieldErrorsOf(result.error, input);
}

describe("Zod issue -> message key", () => {
  it("an empty or missing string is 'required', not a length error", () => {
    const errors = errorsOf(registerSchema, { name: "", email: "a@example.com" });
    expect(errors.name).toEqual([{ key: "validation:required" }]);
    expect(errors.password).toEqual([{ key: "validation:required" }]);
  });

  it("whitespace only is 'required' too (the field is trimmed before its length is checked)", () => {
    expect(errorsOf(registerSchema, { name: "   ", email: "a@example.com", password: "123456" })).toEqual({
      name: [{ key: "validation:required" }],
    });
  });

  it("a too short string is string_min with its minimum", () => {
    const errors = errorsOf(registerSchema, { name: "Ann", email: "a@example.com", password: "12345" });
    expect(errors).toEqual({ password: [{ key: "validation:string_min", values: { min: 6 } }] });
  });

  it("a too long string is string_max with its maximum", () => {
    const errors = errorsOf(registerSchema, { name: "x".repeat(101), email: "a@example.com", password: "123456" });
    expect(errors.name).toEqual([{ key: "validation:string_max", values: { max: 100 } }]);
  });

  it("a malformed e-mail is 'email'", () => {
    expect(errorsOf(loginSchema, { email: "not-an-email", password: "x" }).email).toEqual([
      { key: "validation:email" },
    ]);
  });

  it("a refinement carries its own key, on its own field", () => {
    const errors = errorsOf(resetPasswordSchema, { token: "t", password: "123456", password_confirmation: "654321" });
    expect(errors).toEqual({ password_confirmation: [{ key: "validation:confirmed" }] });
  });

  it("a wrong type of a boolean is 'boolean', of a number 'integer'", () => {
    const errors = errorsOf(changePasswordSchema, {
      current_password: "x",
      password: "123456",
      password_confirmation: "123456",
      sign_out_others: "yes",
    });
    expect(errors.sign_out_others).toEqual([{ key: "validation:boolean" }]);
    expect(errorsOf(z.object({ n: z.number() }), { n: "a" }).n).toEqual([{ key: "validation:integer" }]);
  });

  it("numbers below or above their bounds are number_min / number_max", () => {
    const schema = z.object({ n: z.number().min(1).max(5) });
    expect(errorsOf(schema, { n: 0 }).n).toEqual([{ key: "validation:number_min", values: { min: 1 } }]);
    expect(errorsOf(schema, { n: 6 }).n).toEqual([{ key: "validation:number_max", values: { max: 5 } }]);
  });

  it("a value outside an enum is 'in'", () => {
    expect(errorsOf(z.object({ lang: z.enum(["en", "pl"]) }), { lang: "de" }).lang).toEqual([{ key: "validation:in" }]);
  });

  it("nested paths are joined with dots, and one key is listed once per field", () => {
    const schema = z.object({ a: z.object({ b: z.string().min(3).regex(/^x/) }) });
    const errors = errorsOf(schema, { a: { b: "y" } });
    expect(Object.keys(errors)).toEqual(["a.b"]);
    expect(errors["a.b"]).toEqual([
      { key: "validation:string_min", values: { min: 3 } },
      { key: "validation:invalid" },
    ]);
    const twice = errorsOf(z.object({ s: z.string().regex(/a/).regex(/b/) }), { s: "c" });
    expect(twice.s).toEqual([{ key: "validation:invalid" }]);
  });
});

describe("parseInput", () => {
  it("returns the parsed data (trimmed, lower-cased e-mail)", () => {
    expect(parseInput(loginSchema, { email: "  Ann@Example.COM ", password: "x" })).toEqual({
      email: "ann@example.com",
      password: "x",
    });
  });

  it("throws a 422 AppError with the field map", () => {
    let caught: unknown;
    try {
      parseInput(loginSchema, { email: "", password: "" });
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught)).toBe(true);
    if (!isAppError(caught)) return;
    expect(caught.status).toBe(422);
    expect(caught.fields).toEqual({
      email: [{ key: "validation:required" }],
      password: [{ key: "validation:required" }],
    });
  });
});
