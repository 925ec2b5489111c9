// The integration form's input (POST /home/integrations, PUT /home/integrations/:provider): the provider, whether
// it is on, and its settings as text fields. The per-provider rules (required fields, formats) are in
// check-settings.ts, driven by provider-fields.ts. Pure: shared by the page and the server.
import { z } from "zod";
import { providerNames } from "./provider-fields.ts";

export const integrationKinds = ["payment", "invoicing"] as const;

export const SETTINGS_VALUE_MAX = 8000;

export const integrationInputSchema = z.object({
  provider: z.enum(providerNames as [string, ...string[]]),
  kind: z.enum(integrationKinds).optional(),
  enabled: z.boolean().default(true),
  settings: z.record(z.string(), z.string().max(SETTINGS_VALUE_MAX)).default({}),
});

export type IntegrationInput = z.input<typeof integrationInputSchema>;

/** The update leaves the provider where it is (in the address); the rest is the same. */
export const integrationUpdateSchema = integrationInputSchema.omit({ provider: true });
