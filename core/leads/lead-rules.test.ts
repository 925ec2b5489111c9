// The lead rules (spec §5) and a form's starting values (spec §3), and the form definition's own rules.
import { describe, expect, it } from "vitest";
import type { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { checkLeadValues, initialLeadValues } from "./lead-rules.ts";
import { leadFieldSchema, leadFormSchema } from "./schemas.ts";

const fields = [
  { label: "First name", name: "name", type: "text" },
  { label: "E-mail", name: "email", type: "email", required: true },
  {
    label: "Plan",
    name: "plan",
    type: "select",
    options: [
      { value: "a", text: "A" },
      { value: "b", text: "B" },
    ],
  },
  { label: "Level", name: "level", type: "radio", required: true, options: [{ value: "1", text: "Beginner" }] },
  { label: "I agree", name: "agree", type: "checkbox", required: true, checked: true },
].map((field) => leadFieldSchema.parse(field));

describe("checkLeadValues", () => {
  it("passes a good lead, reading a checkbox's true as 1", () => {
    const result = checkLeadValues(fields, {
      name: " Ann ",
      email: "ann@example.com",
      plan: "b",
      level: "1",
      agree: true,
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: "Ann", email: "ann@example.com", plan: "b", level: "1", agree: "1" });
  });

  it("marks required fields left empty (blank text, unchecked box, no choice)", () => {
    const { errors } = checkLeadValues(fields, { email: "   ", agree: false });
    expect(errors).toEqual({
      email: [{ key: "validation:required" }],
      level: [{ key: "validation:required" }],
      agree: [{ key: "validation:required" }],
    });
  });

  it("marks an e-mail field that holds no e-mail address, and a choice outside the options", () => {
    const { errors } = checkLeadValues(fields, { email: "ann@", plan: "z", level: "1", agree: "1" });
    expect(errors).toEqual({ email: [{ key: "validation:email" }], plan: [{ key: "validation:in" }] });
  });

  it("leaves an optional empty field alone and refuses an over-long value", () => {
    const { errors } = checkLeadValues(fields, { email: "a@b.co", level: "1", agree: "1", name: "x".repeat(2001) });
    expect(errors).toEqual({ name: [{ key: "validation:string_max", values: { max: 2000 } }] });
  });
});

describe("initialLeadValues", () => {
  it("starts a select on its first option and a checked checkbox as 1", () => {
    expect(initialLeadValues(fields)).toEqual({ name: "", email: "", plan: "a", level: "", agree: "1" });
  });
});

describe("leadFormSchema", () => {
  const form = { name: "Newsletter", fields: [{ name: "email", type: "email", label: "E-mail" }] };

  function fieldsOf(input: unknown) {
    try {
      parseInput(leadFormSchema, input);
      return {};
    } catch (error) {
      return (error as AppError).fields ?? {};
    }
  }

  it("refuses the body's own names, repeated names and double opt-in without an e-mail field", () => {
    const errors = fieldsOf({
      name: "Bad",
      fields: [
        { name: "page", type: "text" },
        { name: "city", type: "text" },
      ],
      hidden_fields: [{ name: "city", value: "x" }],
      double_opt_in: true,
    });
    expect(Object.keys(errors).sort()).toEqual(["double_opt_in", "fields.0.name", "hidden_fields.0.name"]);
  });

  it("refuses a javascript: redirect and keeps a path or an https address", () => {
    expect(Object.keys(fieldsOf({ ...form, options: { redirect_to: "javascript:alert(1)" } }))).toEqual([
      "options.redirect_to",
    ]);
    expect(Object.keys(fieldsOf({ ...form, options: { redirect_to: "//evil.example" } }))).toEqual([
      "options.redirect_to",
    ]);
    expect(fieldsOf({ ...form, options: { redirect_to: "/thanks" } })).toEqual({});
    expect(fieldsOf({ ...form, options: { redirect_to: "https://example.com/ok" } })).toEqual({});
  });

  it("reads tags from comma text, trimmed and without repeats", () => {
    expect(leadFormSchema.parse({ ...form, tags: " news, webinar ,news,," }).tags).toEqual(["news", "webinar"]);
  });
});
