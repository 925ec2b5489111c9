// Every provider and field the settings forms draw has its texts in both languages (the keys are built from names,
// so the literal-key check of tests/unit/locales.test.ts cannot see them).
import { describe, expect, it } from "vitest";
import { catalogs } from "#platform/i18n/catalogs.ts";
import { providerDefinitions } from "./provider-fields.ts";

describe("provider field definitions", () => {
  for (const lang of ["en", "pl"] as const) {
    it(`have names, descriptions, labels, option labels and hints in ${lang}`, () => {
      const texts = catalogs[lang].integrations as unknown as {
        provider: Record<string, { name?: string; description?: string }>;
        field: Record<string, string>;
        option: Record<string, string>;
        hint: Record<string, Record<string, string>>;
      };
      const missing: string[] = [];
      for (const definition of providerDefinitions) {
        if (!texts.provider[definition.provider]?.name) missing.push(`provider.${definition.provider}.name`);
        if (!texts.provider[definition.provider]?.description)
          missing.push(`provider.${definition.provider}.description`);
        for (const field of definition.fields) {
          if (!texts.field[field.name]) missing.push(`field.${field.name}`);
          for (const option of field.options ?? []) if (!texts.option[option]) missing.push(`option.${option}`);
          if (field.hint && !texts.hint[definition.provider]?.[field.name])
            missing.push(`hint.${definition.provider}.${field.name}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it("name the test provider as the spec's checkout shows it", () => {
    expect(catalogs.en.integrations.provider.test.name).toBe("Test payments (simulated)");
  });

  it("give every select field a default among its options", () => {
    for (const definition of providerDefinitions) {
      for (const field of definition.fields.filter((f) => f.type === "select")) {
        expect(field.options, `${definition.provider}.${field.name}`).toContain(field.default);
      }
    }
  });
});
