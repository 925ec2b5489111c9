import { z } from "zod";
import { emailField, nameField, passwordField } from "../accounts/schemas.ts";

export const currencies = ["PLN", "EUR", "USD", "GBP", "CHF", "CZK"] as const;

export const schoolSettingsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  language: z.enum(["en", "pl"]),
  currency: z.enum(currencies),
  login_enabled: z.boolean(),
  registration_enabled: z.boolean(),
});

export const setupSchema = z.object({
  school_name: z.string().trim().min(1).max(120),
  language: z.enum(["en", "pl"]),
  currency: z.enum(currencies),
  name: nameField,
  email: emailField,
  password: passwordField,
  sample: z.boolean().default(false),
});

export type SetupInput = z.input<typeof setupSchema>;
