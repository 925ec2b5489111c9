// The per-provider rules of an integration's settings: required fields (a 422 with a message under each one),
// select values, formats and lengths. A secret left blank on edit keeps its stored value, so the browser never needs
// to hold it. Unknown keys are dropped. Pure.
import type { FieldErrors } from "#core/errors.ts";
import { DEFAULT_MAX_LENGTH, type ProviderDefinition } from "./provider-fields.ts";

export type Settings = Record<string, string>;

export function checkSettings(
  definition: ProviderDefinition,
  input: Record<string, string>,
  stored: Settings = {},
): { settings: Settings; errors: FieldErrors } {
  const settings: Settings = {};
  const errors: FieldErrors = {};
  for (const field of definition.fields) {
    const key = `settings.${field.name}`;
    const raw = input[field.name];
    // PEM and other multi-line text keep their line breaks; a pasted key loses stray spaces around it.
    let value = typeof raw === "string" ? raw.trim() : "";
    if (field.type === "textarea") value = value.replace(/\r\n/g, "\n");
    if (value === "" && field.type === "secret" && stored[field.name]) value = stored[field.name]!;
    if (value === "" && field.type === "select" && field.default) value = field.default;
    if (value === "") {
      if (field.required) errors[key] = [{ key: "validation:required" }];
      continue;
    }
    const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
    if (value.length > max) {
      errors[key] = [{ key: "validation:string_max", values: { max } }];
      continue;
    }
    if (field.options && !field.options.includes(value)) {
      errors[key] = [{ key: "validation:in" }];
      continue;
    }
    if (field.pattern && !field.pattern.test(value)) {
      errors[key] = [{ key: field.patternMessage ?? "validation:invalid" }];
      continue;
    }
    settings[field.name] = value;
  }
  return { settings, errors };
}

/** What the browser may see of stored settings: the plain values, and for each secret only whether it is set. */
export function maskSettings(
  definition: ProviderDefinition,
  stored: Settings,
): { settings: Settings; secrets: Record<string, boolean> } {
  const settings: Settings = {};
  const secrets: Record<string, boolean> = {};
  for (const field of definition.fields) {
    const value = stored[field.name];
    if (field.type === "secret") secrets[field.name] = Boolean(value);
    else if (value !== undefined) settings[field.name] = value;
  }
  return { settings, secrets };
}
