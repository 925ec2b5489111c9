// What the integration pages need to draw a provider's form: its fields without the server-side checks (a RegExp
// does not travel in loader data). Built from the one list in core/integrations/provider-fields.ts.
import type { ProviderDefinition, ProviderFieldType } from "#core/integrations/provider-fields.ts";
import type { IntegrationKind } from "#platform/db/schema.ts";

export type FieldView = {
  name: string;
  type: ProviderFieldType;
  required: boolean;
  options: string[];
  default: string;
  hint: boolean;
};

export type ProviderView = { provider: string; kind: IntegrationKind; fields: FieldView[] };

export function providerView(definition: ProviderDefinition): ProviderView {
  return {
    provider: definition.provider,
    kind: definition.kind,
    fields: definition.fields.map((field) => ({
      name: field.name,
      type: field.type,
      required: field.required,
      options: [...(field.options ?? [])],
      default: field.default ?? "",
      hint: field.hint ?? false,
    })),
  };
}

/** Label keys of the integrations namespace; every field and provider has them in both languages (unit-tested). */
export const providerNameKey = (provider: string) => `integrations:provider.${provider}.name`;
export const providerDescriptionKey = (provider: string) => `integrations:provider.${provider}.description`;
export const fieldLabelKey = (name: string) => `integrations:field.${name}`;
export const optionLabelKey = (value: string) => `integrations:option.${value}`;
export const fieldHintKey = (provider: string, name: string) => `integrations:hint.${provider}.${name}`;
