import { z } from "zod";
import { isTimeZone } from "#platform/i18n/time-zone.ts";
import { emailField, nameField, passwordField } from "../accounts/schemas.ts";

export const currencies = ["PLN", "EUR", "USD", "GBP", "CHF", "CZK"] as const;

/**
 * The school's public address: an http(s) origin, as links in e-mails start. A path, query or fragment is
 * refused rather than dropped (the school is served from the root); the value is kept as its origin.
 */
export const publicUrlField = z
  .string()
  .trim()
  .max(200)
  .pipe(z.url({ protocol: /^https?$/ }))
  .refine(
    (value) => {
      const url = URL.parse(value);
      return !url || (url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password);
    },
    { message: "setup:public_url_origin", abort: true },
  )
  .transform((value) => URL.parse(value)?.origin ?? value);

export const TAGLINE_MAX = 200;

export const schoolSettingsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  language: z.enum(["en", "pl"]),
  currency: z.enum(currencies),
  login_enabled: z.boolean(),
  registration_enabled: z.boolean(),
  /** left out: unchanged */
  public_url: publicUrlField.optional(),
  /** the VAT rate (%) new courses and products start with; left out: unchanged */
  vat_rate: z.number().int().min(0).max(100).optional(),
  /** IANA name (Europe/Warsaw) dates are shown in and live events entered in; left out: unchanged */
  time_zone: z.string().refine(isTimeZone, "validation:time_zone").optional(),
  /** the home page's line under the name; empty: the default; left out: unchanged */
  tagline: z.string().trim().max(TAGLINE_MAX).optional(),
});

export const setupSchema = z.object({
  school_name: z.string().trim().min(1).max(120),
  language: z.enum(["en", "pl"]),
  currency: z.enum(currencies),
  name: nameField,
  email: emailField,
  password: passwordField,
  sample: z.boolean().default(false),
  /** left out: the address the setup request came to (or APP_URL) */
  public_url: publicUrlField.optional(),
});

export type SetupInput = z.input<typeof setupSchema>;

/**
 * The VAT rate a new school starts with. Prices are gross, so the rate only says how much of a price is VAT: a
 * Polish school (Polish, or selling in PLN) starts at Poland's 23%; any other at 0% (no VAT line at checkout)
 * until its owner enters their own in the settings, since the rate depends on where the seller is registered.
 */
export function defaultVatRate(school: { language: string; currency: string }): number {
  return school.language === "pl" || school.currency === "PLN" ? 23 : 0;
}

/** The time zone a new school starts in, chosen as its VAT rate is: Europe/Warsaw for a Polish school, else UTC. */
export function defaultTimeZone(school: { language: string; currency: string }): string {
  return school.language === "pl" || school.currency === "PLN" ? "Europe/Warsaw" : "UTC";
}
